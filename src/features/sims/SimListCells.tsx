import { Badge, HStack, Link, Stack, Text } from '@chakra-ui/react';
import { Trans } from '@lingui/react/macro';
import { Link as RouterLink } from '@tanstack/react-router';
import type { Sim } from '../../../contract/schemas/sim';
import { LEVEL_PALETTE, LevelText } from './QuotaBar';

export function SimLink({ iccid }: { iccid: string }) {
  return (
    <Link asChild colorPalette="blue" fontFamily="mono" fontSize="sm">
      <RouterLink to="/apps/simcard/sim/{-$iccid}" params={{ iccid }}>
        {iccid}
      </RouterLink>
    </Link>
  );
}

export function LiftLink({ sim }: { sim: Sim }) {
  if (!sim.lift) {
    return (
      <Text color="fg.muted" fontSize="sm">
        <Trans>No lift</Trans>
      </Text>
    );
  }
  return (
    <Stack gap="0">
      <Link asChild colorPalette="blue" fontWeight="medium">
        <RouterLink to="/apps/lift/lifts/$liftId/{-$deviceId}" params={{ liftId: sim.lift.id }}>
          {sim.lift.uid}
        </RouterLink>
      </Link>
      <Text fontSize="xs" color="fg.muted">
        {sim.lift.address}
      </Text>
    </Stack>
  );
}

export function StatusBadge({ sim }: { sim: Sim }) {
  return (
    <HStack gap="1" wrap="wrap">
      <Badge colorPalette={sim.status === 'Enabled' ? 'green' : 'gray'} variant="subtle">
        {sim.status === 'Enabled' ? <Trans>Enabled</Trans> : <Trans>Disabled</Trans>}
      </Badge>
      {sim.level && sim.level !== 'sufficient' && (
        <Badge colorPalette={LEVEL_PALETTE[sim.level]} variant="solid">
          <LevelText level={sim.level} />
        </Badge>
      )}
    </HStack>
  );
}
