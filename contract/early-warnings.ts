/**
 * Early warnings from each lift's own history (docs/early-warnings.md): the rules' names and what
 * both sides need to know about them. The rules themselves are pure functions of the server
 * (server/modules/early-warnings/rules.ts); the browser words their figures.
 */
export const EARLY_WARNING_RULES = ['faultRate', 'doorFaults', 'standstill', 'hoursWithoutTrips'] as const;
export type EarlyWarningRule = (typeof EARLY_WARNING_RULES)[number];

/**
 * Error codes of the doors: door zone, car door contact, landing door lock, door does not open or
 * close, light curtain, door drive (101–107 of the code catalogue, docs/early-warnings.md#door-faults).
 * The catalogue's entries (descriptions) carry no category, and admins may rename them, so the set is
 * defined here once: the door rule counts these, the fault-rate rule every other error code.
 */
export const DOOR_FAULT_CODES: readonly number[] = [101, 102, 103, 104, 105, 106, 107];
