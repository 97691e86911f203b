import type { Language } from '../../../contract/constants';
import { formatTopupOffer, type SimTopupOffer } from '../../../contract/schemas/sim';
import { composeMail, type MailContent } from '../../integrations/mail/layout';

/** The SIM mails (docs/sims.md) in German and English: the top-up request and a card running low. */

/** Paragraphs, a table of facts, more paragraphs and an optional link, in the portal's one mail layout. */
function compose(
  subject: string,
  before: string[],
  facts: [string, string][],
  after: string[],
  link?: { label: string; url: string },
): MailContent {
  return composeMail({ subject, paragraphs: before, facts, after, ...(link ? { link } : {}) });
}

export interface SimMailCard {
  iccid: string;
  msisdn: string | null;
  lift: { uid: string; address: string } | null;
  dataLeftMb: number | null;
  dataTotalMb: number | null;
}

const locale = (language: Language) => (language === 'de' ? 'de-DE' : 'en-GB');

/** The top-up on offer (settings `sims.topUpDataMb`, `sims.topUpPriceCents`): "500 MB für 35 Euro", "500 MB for 35 euros". */
function offerText(language: Language, offer: SimTopupOffer): string {
  const { dataMb, price } = formatTopupOffer(locale(language), offer);
  return language === 'de' ? `${dataMb} MB für ${price}` : `${dataMb} MB for ${price}`;
}

function quotaText(language: Language, card: SimMailCard): string {
  const format = (value: number) =>
    new Intl.NumberFormat(locale(language), { maximumFractionDigits: 1 }).format(value);
  if (card.dataLeftMb === null || card.dataTotalMb === null)
    return language === 'de' ? 'unbekannt' : 'unknown';
  const percent = card.dataTotalMb > 0 ? (card.dataLeftMb / card.dataTotalMb) * 100 : 0;
  return language === 'de'
    ? `${format(card.dataLeftMb)} MB von ${format(card.dataTotalMb)} MB übrig (${format(percent)} %)`
    : `${format(card.dataLeftMb)} MB of ${format(card.dataTotalMb)} MB left (${format(percent)} %)`;
}

function cardFacts(language: Language, card: SimMailCard): [string, string][] {
  const de = language === 'de';
  const none = de ? 'keiner' : 'none';
  return [
    ['ICCID', card.iccid],
    ['MSISDN', card.msisdn ?? '–'],
    [de ? 'Aufzug' : 'Lift', card.lift?.uid ?? none],
    [de ? 'Adresse' : 'Address', card.lift?.address ?? '–'],
    [de ? 'Aktuelles Datenvolumen' : 'Current data quota', quotaText(language, card)],
  ];
}

/** To each TOPUP_RECIPIENT: which card, its lift and address, who asked, the current quota. */
export function topupRequestMail(
  language: Language,
  input: {
    card: SimMailCard;
    offer: SimTopupOffer;
    requester: { displayName: string; email: string };
    link: string;
  },
): MailContent {
  const { card, requester } = input;
  const offer = offerText(language, input.offer);
  if (language === 'en') {
    return compose(
      `Top-up request for SIM ${card.iccid}: ${offer}`,
      [`${requester.displayName} (${requester.email}) asks for a top-up of this SIM card: ${offer}.`],
      [...cardFacts('en', card), ['Requested by', `${requester.displayName} <${requester.email}>`]],
      ['Please order the top-up with the SIM provider.'],
      { label: 'Open the SIM card', url: input.link },
    );
  }
  return compose(
    `Aufladung für SIM ${card.iccid} angefordert: ${offer}`,
    [`${requester.displayName} (${requester.email}) bittet um eine Aufladung dieser SIM-Karte: ${offer}.`],
    [...cardFacts('de', card), ['Angefordert von', `${requester.displayName} <${requester.email}>`]],
    ['Bitte bestellen Sie die Aufladung beim SIM-Anbieter.'],
    { label: 'SIM-Karte öffnen', url: input.link },
  );
}

/** To each admin, once per crossing: the card fell below the low-volume share (settings) or ran empty. */
export function lowVolumeMail(
  language: Language,
  input: {
    card: SimMailCard;
    empty: boolean;
    displayName: string;
    link: string;
    lowVolumePercent: number;
    offer: SimTopupOffer;
  },
): MailContent {
  const { card, empty, lowVolumePercent: percent } = input;
  const offer = offerText(language, input.offer);
  const liftName = card.lift?.uid;
  if (language === 'en') {
    return compose(
      empty
        ? `SIM ${card.iccid}${liftName ? ` (lift ${liftName})` : ''} has no data left`
        : `SIM ${card.iccid}${liftName ? ` (lift ${liftName})` : ''} is below ${percent} % of its data`,
      [
        `Hello ${input.displayName},`,
        empty
          ? 'this SIM card has used up its data quota; its lift controller can no longer report until it is topped up.'
          : `this SIM card has less than ${percent} % of its data quota left. Top it up before its lift controller goes offline.`,
      ],
      cardFacts('en', card),
      [`A top-up is ${offer}.`],
      { label: 'Open the SIM card', url: input.link },
    );
  }
  return compose(
    empty
      ? `SIM ${card.iccid}${liftName ? ` (Aufzug ${liftName})` : ''} hat kein Datenvolumen mehr`
      : `SIM ${card.iccid}${liftName ? ` (Aufzug ${liftName})` : ''} hat weniger als ${percent} % Datenvolumen`,
    [
      `Hallo ${input.displayName},`,
      empty
        ? 'diese SIM-Karte hat ihr Datenvolumen aufgebraucht; die Steuerung ihres Aufzugs kann erst nach einer Aufladung wieder melden.'
        : `diese SIM-Karte hat weniger als ${percent} % ihres Datenvolumens übrig. Laden Sie sie auf, bevor die Steuerung ihres Aufzugs offline geht.`,
    ],
    cardFacts('de', card),
    [`Eine Aufladung: ${offer}.`],
    { label: 'SIM-Karte öffnen', url: input.link },
  );
}
