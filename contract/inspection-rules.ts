import { addDays, addMonths } from './maintenance';

/**
 * When a lift's statutory inspections fall due (docs/inspections.md), as pure functions, so that the
 * server and the PWA (offline, from its mirror) answer the same. Days are `YYYY-MM-DD`, Europe/Berlin.
 */

export const INSPECTION_KINDS = ['main', 'intermediate', 'other'] as const;
export type InspectionKind = (typeof INSPECTION_KINDS)[number];

/** The grades of an inspection's result, mildest first. */
export const INSPECTION_RESULTS = ['none', 'minor', 'defects', 'dangerous'] as const;
export type InspectionResult = (typeof INSPECTION_RESULTS)[number];

/** A main inspection every two years, unless the lift has an interval of its own. */
export const DEFAULT_MAIN_INTERVAL_MONTHS = 24;
/** A due day this close counts as "due soon". */
export const INSPECTION_NOTICE_DAYS = 30;

export const INSPECTION_DUE_STATUSES = ['ok', 'soon', 'overdue'] as const;
export type InspectionDueStatus = (typeof INSPECTION_DUE_STATUSES)[number];

export interface InspectionDue {
  dueOn: string;
  status: InspectionDueStatus;
}

export interface LiftInspectionsDue {
  /** Null until a main inspection is recorded: the portal cannot know the last one before it. */
  main: InspectionDue | null;
  /** Null without a main inspection, or when the half-way one of this interval was done. */
  intermediate: InspectionDue | null;
}

/** An inspection as far as the due days care. */
export interface InspectionDates {
  kind: InspectionKind;
  inspectedOn: string;
}

const dueStatus = (dueOn: string, today: string): InspectionDueStatus =>
  dueOn < today ? 'overdue' : dueOn <= addDays(today, INSPECTION_NOTICE_DAYS) ? 'soon' : 'ok';

/**
 * The next main inspection is due `intervalMonths` after the last one, the intermediate one half-way
 * (rounded down to whole months) unless it was done since the last main one. A day past the end of a
 * shorter month falls on its last day (31 Aug + 6 months: 28/29 Feb).
 */
export function inspectionsDue(
  inspections: readonly InspectionDates[],
  intervalMonths: number,
  today: string,
): LiftInspectionsDue {
  let lastMain: string | null = null;
  for (const inspection of inspections) {
    if (inspection.kind === 'main' && (lastMain === null || inspection.inspectedOn > lastMain))
      lastMain = inspection.inspectedOn;
  }
  if (lastMain === null) return { main: null, intermediate: null };
  const since = lastMain;
  const mainOn = addMonths(since, intervalMonths);
  const intermediateDone = inspections.some(
    (inspection) => inspection.kind === 'intermediate' && inspection.inspectedOn >= since,
  );
  const intermediateOn = addMonths(since, Math.floor(intervalMonths / 2));
  return {
    main: { dueOn: mainOn, status: dueStatus(mainOn, today) },
    intermediate: intermediateDone
      ? null
      : { dueOn: intermediateOn, status: dueStatus(intermediateOn, today) },
  };
}

/** A defect as far as its state cares. */
export interface DefectState {
  inspectionId: string;
  deadline: string;
  fixedAt: string | null;
  closedAt: string | null;
}

/** Open: not closed by an admin yet, fixed or not. */
export const isDefectOpen = (defect: Pick<DefectState, 'closedAt'>) => defect.closedAt === null;

/** Past its deadline and not fixed yet. */
export const isDefectOverdue = (defect: DefectState, today: string) =>
  defect.fixedAt === null && defect.closedAt === null && defect.deadline < today;

/**
 * Out of service: an inspection graded "dangerous defects" has a defect not closed yet. The lift
 * has no state of its own for it (contract/schemas/lift.ts): it is read from the inspections.
 */
export function isOutOfService(
  inspections: readonly { id: string; result: InspectionResult }[],
  defects: readonly DefectState[],
): boolean {
  const dangerous = new Set(inspections.filter((i) => i.result === 'dangerous').map((i) => i.id));
  return defects.some((defect) => isDefectOpen(defect) && dangerous.has(defect.inspectionId));
}
