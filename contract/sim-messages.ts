/**
 * Texts the server sends about SIM cards (docs/sims.md). A domain's texts live apart from the core
 * MSG (messages.ts), so that their translations load with the domain's screens and not with the
 * sign-in page; the browser registers them in src/features/sims/sim-messages.ts.
 */
export const SIM_MSG = {
  simSessionInvalid: 'The SIM session has ended. Please confirm your password again.',
  unknownSimOperation: 'Unknown SIM operation',
  simNotFound: 'SIM card not found',
  simProviderUnreachable: 'The SIM provider cannot be reached',
  topupNotConfigured: 'Top-up requests are off: no recipients are configured (TOPUP_RECIPIENTS)',
  topupRecentlyRequested: 'A top-up for this card was already requested within the last day',
  smsSent: 'Sent a message successfully',
  connectivityResetRequested: 'Connectivity reset requested',
} as const;
