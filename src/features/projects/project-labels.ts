import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { ProjectState } from '../../../contract/project-transitions';
import type { CableStatus } from '../../../contract/schemas/project';
import { numberFormat } from '../../data/i18n/intl-format';

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

export function formatCents(cents: number, locale: string): string {
  return numberFormat(locale === 'de' ? 'de-DE' : 'en-GB', {
    style: 'currency',
    currency: 'EUR',
  }).format(cents / 100);
}
