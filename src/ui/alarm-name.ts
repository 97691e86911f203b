import { useLingui } from '@lingui/react/macro';
import type { Alarm } from '../../contract/schemas/alarm';

/**
 * An alarm's name in the user's language: errors by their catalogue name, the other kinds
 * by the client (the alarm pages and the service man's Today list name them alike).
 */
export function useAlarmName() {
  const { t, i18n } = useLingui();
  return (alarm: Pick<Alarm, 'kind' | 'code' | 'name' | 'nameDE'>) => {
    if (alarm.kind === 'offline') return t`Controller offline`;
    if (alarm.kind === 'test') return t({ message: 'Test alarm', context: 'alarm name' });
    if (alarm.kind === 'emergencyCall') return t`Emergency call: passengers trapped`;
    if (alarm.kind === 'lineTestOverdue') return t`Emergency-call test overdue`;
    const name = i18n.locale.startsWith('de') ? alarm.nameDE : alarm.name;
    return t`Error ${alarm.code}: ${name}`;
  };
}
