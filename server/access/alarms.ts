import type { ScopeUser } from './lifts';

/**
 * Who acknowledges an alarm of a lift he sees: everyone but customers, who are told about alarms
 * while acknowledging is for the people who act on them (docs/alarms.md). The table's rule for
 * the call stays `signedIn`: an `AuthRule` is one role and above, and service men rank below
 * customers; the scope check (404) comes first.
 */
export const mayAcknowledgeAlarm = (user: ScopeUser) => user.role !== 'customer';
