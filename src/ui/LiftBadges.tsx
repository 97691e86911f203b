import { Badge, HStack } from '@chakra-ui/react';
import { Trans } from '@lingui/react/macro';
import type { Lift, SimVolumeStatus } from '../../contract/schemas/lift';

export function SimVolumeBadge({ status }: { status: SimVolumeStatus }) {
  if (status === 'sufficient')
    return (
      <Badge colorPalette="green" variant="subtle">
        <Trans>Sufficient volume</Trans>
      </Badge>
    );
  if (status === 'low')
    return (
      <Badge colorPalette="orange" variant="subtle">
        <Trans>Low volume</Trans>
      </Badge>
    );
  return (
    <Badge colorPalette="gray" variant="subtle">
      <Trans>No SIM-card</Trans>
    </Badge>
  );
}

/** Online/offline, the current error code and maintenance due, at a glance. */
export function LiftStateBadges({ lift }: { lift: Lift }) {
  const { state } = lift;
  const code = state.currentError?.code;
  return (
    <HStack gap="1" wrap="wrap">
      {state.online ? (
        <Badge colorPalette="green" variant="solid">
          <Trans>Online</Trans>
        </Badge>
      ) : (
        <Badge colorPalette="gray" variant="solid">
          <Trans>Offline</Trans>
        </Badge>
      )}
      {state.currentError && (
        <Badge colorPalette="red" variant="solid" data-testid="current-error">
          <Trans>Error {code}</Trans>
        </Badge>
      )}
      {state.maintenanceDue && (
        <Badge colorPalette="orange" variant="subtle">
          <Trans>Maintenance due</Trans>
        </Badge>
      )}
    </HStack>
  );
}
