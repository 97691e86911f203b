import type { Language } from '../../../contract/constants';
import type { MaintenanceDue } from '../../../contract/maintenance';
import { composeMail, type MailContent } from '../../integrations/mail/layout';

const formatDay = (language: Language, day: string) =>
  new Intl.DateTimeFormat(language === 'de' ? 'de-DE' : 'en-GB', {
    dateStyle: 'long',
    timeZone: 'UTC',
  }).format(new Date(`${day}T00:00:00Z`));

const REASONS: Record<Language, Record<MaintenanceDue['reason'], string>> = {
  de: { trips: 'Fahrten', hours: 'Betriebsstunden', months: 'Zeitintervall' },
  en: { trips: 'trips', hours: 'operating hours', months: 'time interval' },
};

/** The notice to a service man that a lift of his falls due (docs/maintenance.md), German or English. */
export function maintenanceNoticeMail(
  language: Language,
  input: { uid: string; address: string; due: MaintenanceDue; url: string },
): MailContent {
  const day = formatDay(language, input.due.dueOn);
  const reason = REASONS[language][input.due.reason];
  const de = language === 'de';
  const subject = de
    ? `Wartung fällig: Aufzug ${input.uid} bis ${day}`
    : `Maintenance due: lift ${input.uid} by ${day}`;
  const paragraphs = de
    ? [
        'Guten Tag,',
        `der Aufzug ${input.uid} (${input.address}) ist ${input.due.status === 'overdue' ? 'überfällig' : 'bald'} zur Wartung fällig: am ${day} (nach ${reason}).`,
        `Verbleibend: ${input.due.tripsLeft} Fahrten, ${input.due.hoursLeft} Betriebsstunden.`,
        'Bitte tragen Sie den Besuch nach der Wartung im Portal ein.',
      ]
    : [
        'Hello,',
        `lift ${input.uid} (${input.address}) ${input.due.status === 'overdue' ? 'is overdue' : 'falls due soon'} for maintenance: on ${day} (by ${reason}).`,
        `Left: ${input.due.tripsLeft} trips, ${input.due.hoursLeft} operating hours.`,
        'Please record the visit in the portal after the maintenance.',
      ];
  const label = de ? 'Aufzug öffnen' : 'Open the lift';
  return composeMail({ subject, paragraphs, link: { label, url: input.url } });
}
