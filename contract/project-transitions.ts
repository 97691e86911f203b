import type { Role } from './roles';

/**
 * The offer flow (docs/projects.md), the one table both the server (which refuses any other move
 * with 409) and the PWA (which offers only these moves) read.
 */
export const PROJECT_STATES = [
  'offerRequested',
  'preparingQuote',
  'sentOffer',
  'receivedOffer',
  'onPreOrder',
  'ordered',
  'canceledQuote',
  'canceledOffer',
] as const;
export type ProjectState = (typeof PROJECT_STATES)[number];

/** Who moves a project: the company's staff (admin, dev) or the customer's side. */
export type ProjectActor = 'staff' | 'customer';

export function projectActor(role: Role): ProjectActor | null {
  if (role === 'admin' || role === 'dev') return 'staff';
  if (role === 'customer' || role === 'customer_admin') return 'customer';
  return null;
}

/** From each state: the states each actor may move it to. */
export const PROJECT_TRANSITIONS: Record<ProjectState, Record<ProjectActor, readonly ProjectState[]>> = {
  offerRequested: { staff: ['preparingQuote', 'canceledQuote'], customer: ['canceledOffer'] },
  preparingQuote: { staff: ['sentOffer', 'canceledQuote'], customer: ['canceledOffer'] },
  sentOffer: {
    staff: ['preparingQuote', 'canceledQuote'],
    customer: ['receivedOffer', 'onPreOrder', 'ordered', 'canceledOffer'],
  },
  receivedOffer: {
    staff: ['preparingQuote', 'canceledQuote'],
    customer: ['onPreOrder', 'ordered', 'canceledOffer'],
  },
  onPreOrder: { staff: ['canceledQuote'], customer: ['ordered', 'canceledOffer'] },
  ordered: { staff: [], customer: [] },
  canceledQuote: { staff: ['preparingQuote'], customer: [] },
  canceledOffer: { staff: [], customer: ['offerRequested'] },
};

/** The states a project starts in, per actor: a customer requests, staff may start a quote. */
export const PROJECT_START_STATES: Record<ProjectActor, readonly ProjectState[]> = {
  staff: ['offerRequested', 'preparingQuote'],
  customer: ['offerRequested'],
};

export function allowedMoves(from: ProjectState, role: Role): readonly ProjectState[] {
  const actor = projectActor(role);
  return actor ? PROJECT_TRANSITIONS[from][actor] : [];
}

export function mayMove(from: ProjectState, to: ProjectState, role: Role): boolean {
  return allowedMoves(from, role).includes(to);
}

/** Whether the customer's side may still change what it asked for (name, site, lifts, notes). */
export function customerMayEdit(state: ProjectState): boolean {
  return state === 'offerRequested' || state === 'canceledOffer';
}

/**
 * Whether the offer is out with the customer: its line items and designs are then fixed (staff
 * take it back to "Preparing quote" to revise them), and the customer's side may open its PDF.
 */
export function offerIsOut(state: ProjectState): boolean {
  return state === 'sentOffer' || state === 'receivedOffer' || state === 'onPreOrder' || state === 'ordered';
}
