import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { centsDecimal, EURO_FORMAT } from '../../../contract/money';
import type { ProjectState } from '../../../contract/project-transitions';
import type { CableStatus } from '../../../contract/schemas/project';
import { dateTimeFormat, numberFormat } from '../../data/i18n/intl-format';

/** The spec's labels of the offer states and the cable status. */
export const STATE_LABELS: Record<ProjectState, MessageDescriptor> = {
  offerRequested: msg`Offer requested`,
  preparingQuote: msg`Preparing quote`,
  sentOffer: msg`Sent offer`,
  receivedOffer: msg`Received offer`,
  onPreOrder: msg`On pre-order`,
  ordered: msg`Ordered`,
  canceledQuote: msg`Canceled quote`,
  canceledOffer: msg`Canceled offer`,
};

export const STATE_PALETTE: Record<ProjectState, string> = {
  offerRequested: 'blue',
  preparingQuote: 'purple',
  sentOffer: 'orange',
  receivedOffer: 'yellow',
  onPreOrder: 'teal',
  ordered: 'green',
  canceledQuote: 'gray',
  canceledOffer: 'gray',
};

export const CABLE_LABELS: Record<CableStatus, MessageDescriptor> = {
  installed: msg`Installed`,
  pending: msg`Pending`,
  notInstalled: msg`Not Installed`,
};

/** The fields an `edited` history entry names (ProjectFieldChangeSchema). */
export const FIELD_LABELS: Record<string, MessageDescriptor> = {
  name: msg`Project name`,
  siteAddress: msg`Site address`,
  lifts: msg`Lifts`,
  items: msg`Line items`,
  templateIds: msg`Attached designs`,
  cables: msg`Cable status`,
  notes: msg`Notes`,
  totalCents: msg`Total`,
};

/**
 * What a state button says: the action it takes, not the state it leads to ("Accept the offer",
 * not "Ordered"). Some targets read differently by where they come from.
 */
export function moveLabel(from: ProjectState, to: ProjectState): MessageDescriptor {
  switch (to) {
    case 'preparingQuote':
      if (from === 'offerRequested') return msg`Start the quote`;
      if (from === 'canceledQuote') return msg`Reopen the quote`;
      return msg`Take back to revise`;
    case 'sentOffer':
      return msg`Send the offer…`;
    case 'receivedOffer':
      return msg`Mark as received`;
    case 'onPreOrder':
      return msg`Pre-order`;
    case 'ordered':
      return msg`Accept the offer…`;
    case 'canceledQuote':
      return msg`Cancel the quote`;
    case 'canceledOffer':
      return from === 'offerRequested' || from === 'preparingQuote'
        ? msg`Withdraw the request`
        : msg`Decline the offer`;
    case 'offerRequested':
      return msg`Request again`;
  }
}

/** Whole cents as the user's language writes euros, exactly (contract/money.ts). */
export function formatCents(cents: number, locale: string): string {
  return numberFormat(locale === 'de' ? 'de-DE' : 'en-GB', EURO_FORMAT).format(centsDecimal(cents));
}

/** A calendar day (`YYYY-MM-DD`) or an instant as a date of the user's language. */
export function formatDay(value: string, locale: string): string {
  const day = /^\d{4}-\d{2}-\d{2}$/.test(value);
  return dateTimeFormat(locale === 'de' ? 'de-DE' : 'en-GB', {
    dateStyle: 'medium',
    ...(day ? { timeZone: 'UTC' } : {}),
  }).format(new Date(day ? `${value}T00:00:00Z` : value));
}
