import { alarmsApi } from '../../../contract/api/alarms';
import type { Alarm, AlarmState } from '../../../contract/schemas/alarm';
import { call } from '../../data/http';
import { useApiQuery } from '../../data/use-api';

export interface AlarmFilter {
  state?: AlarmState;
  liftId?: string;
  code?: number;
  minAgeMinutes?: number;
}

/** The alarms of the user's lifts as the server answers them. */
export function useAlarms(filter: AlarmFilter) {
  return useApiQuery(alarmsApi.list, { query: filter });
}

/**
 * Acknowledges an alarm; the key makes a retry (a lost answer, a second tap) change nothing twice,
 * and the server answers an alarm acknowledged before as it is.
 */
export function acknowledgeAlarm(id: string): Promise<Alarm> {
  return call(alarmsApi.acknowledge, { params: { id } }, { headers: { 'Idempotency-Key': `ack-${id}` } });
}
