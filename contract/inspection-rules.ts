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

/** What falls due across lifts: a main or intermediate inspection, or an open defect's deadline. */
export const INSPECTION_DUE_KINDS = ['main', 'intermediate', 'defect'] as const;
export type InspectionDueKind = (typeof INSPECTION_DUE_KINDS)[number];

export interface InspectionDueLift {
  id: string;
  /** The lift's own interval of main inspections, null for the default. */
  mainEveryMonths: number | null;
}

export interface InspectionDueEntry {
  /** Unique in the list, and stable while the due day stays: kind, the lift or defect, the day. */
  key: string;
  kind: InspectionDueKind;
  liftId: string;
  dueOn: string;
  status: Exclude<InspectionDueStatus, 'ok'>;
  /** For `defect`: the defect and its text. */
  defectId: string | null;
  text: string | null;
  /** The lift stays out of service for this defect until it is closed (a dangerous result). */
  dangerous: boolean;
}

/**
 * Everything due within `windowDays` or overdue across the given lifts, soonest first: the list
 * page, the dashboard, the reminder mails and the PWA's mirror all read it from here. A defect counts
 * until it is fixed; a fixed one waits for an admin's close and is no longer due.
 */
export function inspectionDueList(
  input: {
    lifts: readonly InspectionDueLift[];
    inspections: readonly (InspectionDates & { id: string; liftId: string; result: InspectionResult })[];
    defects: readonly (DefectState & { id: string; liftId: string; text: string })[];
  },
  today: string,
  windowDays: number = INSPECTION_NOTICE_DAYS,
): InspectionDueEntry[] {
  const until = addDays(today, windowDays);
  const status = (dueOn: string): InspectionDueEntry['status'] | null =>
    dueOn < today ? 'overdue' : dueOn <= until ? 'soon' : null;
  const byLift = new Map<string, InspectionDates[]>();
  for (const inspection of input.inspections) {
    const list = byLift.get(inspection.liftId);
    if (list) list.push(inspection);
    else byLift.set(inspection.liftId, [inspection]);
  }
  const known = new Set(input.lifts.map((lift) => lift.id));
  const dangerous = new Set(input.inspections.filter((i) => i.result === 'dangerous').map((i) => i.id));
  const entries: InspectionDueEntry[] = [];
  for (const lift of input.lifts) {
    const due = inspectionsDue(
      byLift.get(lift.id) ?? [],
      lift.mainEveryMonths ?? DEFAULT_MAIN_INTERVAL_MONTHS,
      today,
    );
    for (const kind of ['main', 'intermediate'] as const) {
      const next = due[kind];
      const state = next && status(next.dueOn);
      if (!next || !state) continue;
      entries.push({
        key: `${kind}:${lift.id}:${next.dueOn}`,
        kind,
        liftId: lift.id,
        dueOn: next.dueOn,
        status: state,
        defectId: null,
        text: null,
        dangerous: false,
      });
    }
  }
  for (const defect of input.defects) {
    if (!known.has(defect.liftId) || defect.fixedAt !== null || defect.closedAt !== null) continue;
    const state = status(defect.deadline);
    if (!state) continue;
    entries.push({
      key: `defect:${defect.id}:${defect.deadline}`,
      kind: 'defect',
      liftId: defect.liftId,
      dueOn: defect.deadline,
      status: state,
      defectId: defect.id,
      text: defect.text,
      dangerous: dangerous.has(defect.inspectionId),
    });
  }
  return entries.sort((a, b) => (a.dueOn < b.dueOn ? -1 : a.dueOn > b.dueOn ? 1 : a.key < b.key ? -1 : 1));
}
