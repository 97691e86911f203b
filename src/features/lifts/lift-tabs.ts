/** The lift page's tabs; apart from the page, so that the route's search check stays small (first load). */
export const LIFT_TABS = ['overview', 'events', 'stats', 'parameters', 'files', 'people'] as const;
export type LiftTab = (typeof LIFT_TABS)[number];
