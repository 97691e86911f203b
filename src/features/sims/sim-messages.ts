import { msg } from '@lingui/core/macro';
import type { SIM_MSG } from '../../../contract/sim-messages';
import { registerServerMessages } from '../../data/server-messages';

type SimMessage = (typeof SIM_MSG)[keyof typeof SIM_MSG];

/** The SIM texts the server may send, translated with the SIM screens (src/data/server-messages.ts). */
registerServerMessages<SimMessage>({
  'The SIM session has ended. Please confirm your password again.': msg`The SIM session has ended. Please confirm your password again.`,
  'Unknown SIM operation': msg`Unknown SIM operation`,
  'SIM card not found': msg`SIM card not found`,
  'The SIM provider cannot be reached': msg`The SIM provider cannot be reached`,
  'Top-up requests are off: no recipients are configured (TOPUP_RECIPIENTS)': msg`Top-up requests are off: no recipients are configured (TOPUP_RECIPIENTS)`,
  'A top-up for this card was already requested within the last day': msg`A top-up for this card was already requested within the last day`,
  'Sent a message successfully': msg`Sent a message successfully`,
  'Connectivity reset requested': msg`Connectivity reset requested`,
});
