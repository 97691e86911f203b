import {
  AlarmBulkAcknowledgeResultSchema,
  AlarmBulkAcknowledgeSchema,
  AlarmCountSchema,
  AlarmListItemSchema,
  AlarmListQuerySchema,
  AlarmListResponseSchema,
  AlarmSchema,
  LineTestSchema,
  TestAlarmResultSchema,
} from '../schemas/alarm';
import { IdParamsSchema } from '../schemas/common';
import { endpoint } from './endpoint';

const tags = ['alarms'];

/** Alarms of the lifts the user sees (docs/alarms.md), scoped like the lifts. */
export const alarmsApi = {
  list: endpoint({
    method: 'GET',
    path: '/alarms',
    query: AlarmListQuerySchema,
    answer: AlarmListResponseSchema,
    auth: 'signedIn',
    summary:
      'Alarms of the lifts the user sees, newest first (state open|acknowledged|closed, liftId, code, minAgeMinutes)',
    tags,
  }),
  count: endpoint({
    method: 'GET',
    path: '/alarms/count',
    answer: AlarmCountSchema,
    auth: 'signedIn',
    summary: "How many alarms of the user's lifts are open and not acknowledged (the shell's badge)",
    tags,
  }),
  get: endpoint({
    method: 'GET',
    path: '/alarms/:id',
    params: IdParamsSchema,
    answer: AlarmListItemSchema,
    errors: [404],
    auth: 'signedIn',
    summary: "One alarm of a lift the user sees, with its lift and who acknowledged it (the alarm's page)",
    tags,
  }),
  acknowledge: endpoint({
    method: 'POST',
    path: '/alarms/:id/acknowledge',
    params: IdParamsSchema,
    answer: AlarmSchema,
    errors: [403, 404],
    // Not customers: an AuthRule is one role and above, so that rule is server/access/alarms.ts.
    auth: 'signedIn',
    idempotent: true,
    summary:
      'Acknowledge an alarm (service men of the lift, customer admins, admins); an acknowledged one answers as it is',
    tags,
  }),
  acknowledgeMany: endpoint({
    method: 'POST',
    path: '/alarms/acknowledge',
    body: AlarmBulkAcknowledgeSchema,
    answer: AlarmBulkAcknowledgeResultSchema,
    errors: [403],
    // Not customers, as the single acknowledge (server/access/alarms.ts).
    auth: 'signedIn',
    idempotent: true,
    summary:
      "Acknowledge several alarms at once; ids outside the user's lifts are left out, acknowledged ones answer as they are",
    tags,
  }),
  test: endpoint({
    method: 'POST',
    path: '/lifts/:id/test-alarm',
    params: IdParamsSchema,
    answer: TestAlarmResultSchema,
    errors: [403, 404],
    auth: 'admin',
    summary:
      'Open a test alarm on the lift, told to its people like a real one, and send the controller its testAlarm command when connected',
    tags,
  }),
  lineTest: endpoint({
    method: 'GET',
    path: '/lifts/:id/line-test',
    params: IdParamsSchema,
    answer: LineTestSchema,
    errors: [404],
    auth: 'signedIn',
    summary:
      "The lift's emergency-call line test: the last one (when, result), the last good one, and when the next is due",
    tags,
  }),
};
