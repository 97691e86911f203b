import { Stack, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { useSocketEvent } from '../../data/session/socket';
import { AlarmItem } from './AlarmItem';
import { useLiftAlarms } from './use-alarms';

/**
 * The lift's alarms not yet closed, on its detail page (the `alarmsSlot` of LiftDetailPage): shown
 * only while there is one, each with its acknowledge button. Follows the lift's live updates.
 */
export function LiftAlarms({ liftId }: { liftId: string }) {
  const { t } = useLingui();
  const { alarms, reload } = useLiftAlarms(liftId);
  useSocketEvent('lift', (changed) => {
    if (changed.id === liftId) reload();
  });
  if (alarms.length === 0) return null;
  return (
    <Stack as="section" gap="2" aria-labelledby="lift-alarms-heading">
      <Text as="h2" id="lift-alarms-heading" fontSize="lg" fontWeight="semibold" color="fg.error">
        {t`Alarms`}
      </Text>
      <Stack as="ul" gap="2" padding="0" margin="0">
        {alarms.map((alarm) => (
          <AlarmItem key={alarm.id} alarm={alarm} showLift={false} onChanged={reload} />
        ))}
      </Stack>
    </Stack>
  );
}
