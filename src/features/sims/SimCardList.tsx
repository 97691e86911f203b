import { Box, Stack, Text } from '@chakra-ui/react';
import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import type { Sim } from '../../../contract/schemas/sim';
import { QuotaBar } from './QuotaBar';
import { LiftLink, SimLink, StatusBadge } from './SimListCells';

/** The SIM cards on a narrow screen: one card each, no sideways scrolling at 360 px. */
export function SimCardList({
  sims,
  busy,
  synced,
  topup,
}: {
  sims: Sim[];
  busy: boolean;
  synced: (sim: Sim) => string;
  topup: (sim: Sim) => ReactNode;
}) {
  return (
    <Stack gap="3" hideFrom="md" aria-busy={busy}>
      {sims.map((sim) => (
        <Box key={sim.iccid} borderWidth="1px" borderRadius="l2" padding="3">
          <Stack gap="2">
            <SimLink iccid={sim.iccid} />
            <StatusBadge sim={sim} />
            <QuotaBar left={sim.dataLeftMb} total={sim.dataTotalMb} level={sim.level} />
            <Text fontSize="sm">
              <Trans>
                SMS: {sim.smsLeft ?? '–'} of {sim.smsTotal ?? '–'}
              </Trans>
            </Text>
            <LiftLink sim={sim} />
            <Text fontSize="xs" color="fg.muted">
              <Trans>Synced {synced(sim)}</Trans>
            </Text>
            {topup(sim)}
          </Stack>
        </Box>
      ))}
    </Stack>
  );
}
