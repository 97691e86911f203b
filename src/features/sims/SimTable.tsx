import { Box, Stack, Table } from '@chakra-ui/react';
import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import type { Sim } from '../../../contract/schemas/sim';
import { QuotaBar } from './QuotaBar';
import { LiftLink, SimLink, StatusBadge } from './SimListCells';

/** The SIM cards as a table, from medium screens on. */
export function SimTable({
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
    <Box hideBelow="md" overflowX="auto" borderWidth="1px" borderRadius="l2" aria-busy={busy}>
      <Table.Root size="sm">
        <Table.Caption srOnly>
          <Trans>SIM cards</Trans>
        </Table.Caption>
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>ICCID</Table.ColumnHeader>
            <Table.ColumnHeader>
              <Trans>Status</Trans>
            </Table.ColumnHeader>
            <Table.ColumnHeader>
              <Trans>Data quota</Trans>
            </Table.ColumnHeader>
            <Table.ColumnHeader>
              <Trans>SMS quota</Trans>
            </Table.ColumnHeader>
            <Table.ColumnHeader>
              <Trans>Lift</Trans>
            </Table.ColumnHeader>
            <Table.ColumnHeader>
              <Trans>Last synced</Trans>
            </Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {sims.map((sim) => (
            <Table.Row key={sim.iccid} data-level={sim.level ?? undefined}>
              <Table.Cell>
                <SimLink iccid={sim.iccid} />
              </Table.Cell>
              <Table.Cell>
                <StatusBadge sim={sim} />
              </Table.Cell>
              <Table.Cell minWidth="44">
                <Stack gap="2">
                  <QuotaBar left={sim.dataLeftMb} total={sim.dataTotalMb} level={sim.level} />
                  {topup(sim)}
                </Stack>
              </Table.Cell>
              <Table.Cell whiteSpace="nowrap">
                {sim.smsLeft ?? '–'} / {sim.smsTotal ?? '–'}
              </Table.Cell>
              <Table.Cell>
                <LiftLink sim={sim} />
              </Table.Cell>
              <Table.Cell fontSize="sm">{synced(sim)}</Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Box>
  );
}
