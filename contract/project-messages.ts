/**
 * Texts the server sends about projects (docs/projects.md). Apart from the core MSG (messages.ts)
 * so that their translations load with the lift screens (src/data/i18n/screen-server-messages.ts), not
 * with the sign-in page.
 */
export const PROJECT_MSG = {
  projectNotFound: 'Requested project do not exist.',
  transitionRefused: 'This state change is not allowed',
  saved: 'Saved successfully',
  offerMailFailed: 'The offer could not be mailed. Please try again.',
  itemsStaffOnly: 'Only the lift company changes line items, designs and cables',
  customerEditClosed: 'The request can no longer be changed',
  customerRequired: 'The project needs a customer',
  liftUnknown: 'No lift of this customer has this ID',
  liftNamedTwice: 'This lift is already named in the project',
  driveTypeUnknown: 'Choose an active drive type',
  cableLiftUnknown: "The cable belongs to none of the project's lifts",
  offerWithoutItems: 'An offer needs at least one line item',
  itemsLockedOffer: 'The offer has been sent: take it back to revise its items',
  termsRequired: 'Accept the terms of the offer to order',
  offerExpired: 'The offer has expired. Please ask for a new one.',
  offerNotSent: 'No offer has been sent for this project yet',
} as const;
