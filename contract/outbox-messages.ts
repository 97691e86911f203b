/**
 * Texts the server sends about the outbox of mail, SMS and push (docs/outbox.md). Apart from the
 * core MSG, so their translations load with the screens (src/data/i18n/screen-server-messages.ts).
 */
export const OUTBOX_MSG = {
  messageNotFound: 'Message not found',
  onlyFailedAgain: 'Only a message that failed can be sent again',
} as const;
