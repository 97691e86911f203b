/**
 * Texts the server sends about SIM cards (docs/sims.md). Apart from the core MSG (messages.ts) so
 * that their translations load with the lift screens (src/data/i18n/screen-server-messages.ts), not
 * with the sign-in page.
 */
export const SIM_MSG = {
  simSessionInvalid: 'The SIM session has ended. Please confirm your password again.',
  unknownSimOperation: 'Unknown SIM operation',
  simNotFound: 'SIM card not found',
  simProviderUnreachable: 'The SIM provider cannot be reached',
  topupNotConfigured:
    'Top-ups cannot be ordered yet: nobody is set to receive the orders. Your system administrator sets the recipients of top-up orders.',
  topupRecentlyRequested: 'A top-up for this card was already requested within the last day',
  smsSent: 'Sent a message successfully',
  connectivityResetRequested: 'Connectivity reset requested',
} as const;
