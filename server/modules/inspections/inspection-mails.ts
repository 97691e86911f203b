import type { Language } from '../../../contract/constants';
import { INSPECTION_NOTICE_DAYS, type InspectionDueEntry } from '../../../contract/inspection-rules';
import { composeMail, type MailContent, oneLine } from '../../integrations/mail/layout';

/** One entry of a reminder: what falls due on which day (contract/inspection-rules.ts). */
export type ReminderItem = Pick<InspectionDueEntry, 'kind' | 'dueOn' | 'status' | 'text' | 'dangerous'>;

/** A lift with what its reminder lists. */
export interface ReminderLift {
  uid: string;
  address: string;
  /** The lift's page (`liftLink`). */
  url: string;
  items: readonly ReminderItem[];
}

/** Days as the maintenance notice writes them (server/modules/maintenance/maintenance-mails.ts). */
const formatDay = (language: Language, day: string) =>
  new Intl.DateTimeFormat(language === 'de' ? 'de-DE' : 'en-GB', {
    dateStyle: 'long',
    timeZone: 'UTC',
  }).format(new Date(`${day}T00:00:00Z`));

interface Texts {
  /** One line of the list. */
  item(item: ReminderItem, day: string): string;
  /** The subject of a mail with one entry. */
  single(item: ReminderItem, uid: string, day: string): string;
  /** The subject of a mail with several. */
  several(soon: number, overdue: number): string;
  lift(uid: string, address: string): string;
  greeting: string;
  intro: string;
  after: string;
  open: string;
}

const TEXTS: Record<Language, Texts> = {
  de: {
    item: (item, day) => {
      const out = item.dangerous ? ' (Aufzug außer Betrieb)' : '';
      if (item.kind === 'defect') {
        const what = `Mangel „${oneLine(item.text ?? '')}“${out}`;
        return item.status === 'overdue'
          ? `${what}: Frist am ${day} abgelaufen`
          : `${what}: Frist bis ${day}`;
      }
      const what = item.kind === 'main' ? 'Hauptprüfung' : 'Zwischenprüfung';
      return item.status === 'overdue' ? `${what} überfällig (fällig am ${day})` : `${what} fällig am ${day}`;
    },
    single: (item, uid, day) => {
      if (item.kind === 'defect')
        return item.status === 'overdue'
          ? `Mängelfrist abgelaufen: Aufzug ${uid} am ${day}`
          : `Mängelfrist läuft ab: Aufzug ${uid} am ${day}`;
      const what = item.kind === 'main' ? 'Hauptprüfung' : 'Zwischenprüfung';
      return item.status === 'overdue'
        ? `${what} überfällig: Aufzug ${uid} seit ${day}`
        : `${what} fällig: Aufzug ${uid} am ${day}`;
    },
    several: (soon, overdue) =>
      `Prüfungen und Mängelfristen: ${[
        ...(soon > 0 ? [`${soon} bald fällig`] : []),
        ...(overdue > 0 ? [`${overdue} überfällig`] : []),
      ].join(', ')}`,
    lift: (uid, address) => `Aufzug ${uid} – ${address}`,
    greeting: 'Guten Tag,',
    intro: 'diese gesetzlichen Prüfungen und Mängelfristen stehen an oder sind überschritten:',
    after: `Das Portal erinnert an jede Prüfung und jede Mängelfrist einmal, sobald sie in den nächsten ${INSPECTION_NOTICE_DAYS} Tagen ansteht, und noch einmal, wenn der Tag verstrichen ist.`,
    open: 'Aufzug öffnen',
  },
  en: {
    item: (item, day) => {
      const out = item.dangerous ? ' (lift out of service)' : '';
      if (item.kind === 'defect') {
        const what = `Defect “${oneLine(item.text ?? '')}”${out}`;
        return item.status === 'overdue' ? `${what}: deadline ${day} passed` : `${what}: deadline ${day}`;
      }
      const what = item.kind === 'main' ? 'Main inspection' : 'Intermediate inspection';
      return item.status === 'overdue' ? `${what} overdue (due on ${day})` : `${what} due on ${day}`;
    },
    single: (item, uid, day) => {
      if (item.kind === 'defect')
        return item.status === 'overdue'
          ? `Defect deadline passed: lift ${uid} on ${day}`
          : `Defect deadline: lift ${uid} on ${day}`;
      const what = item.kind === 'main' ? 'Main inspection' : 'Intermediate inspection';
      return item.status === 'overdue'
        ? `${what} overdue: lift ${uid} since ${day}`
        : `${what} due: lift ${uid} on ${day}`;
    },
    several: (soon, overdue) =>
      `Inspections and defect deadlines: ${[
        ...(soon > 0 ? [`${soon} due soon`] : []),
        ...(overdue > 0 ? [`${overdue} overdue`] : []),
      ].join(', ')}`,
    lift: (uid, address) => `Lift ${uid} – ${address}`,
    greeting: 'Hello,',
    intro: 'these statutory inspections and defect deadlines are coming up or have passed:',
    after: `The portal reminds of each inspection and defect deadline once when it is due within ${INSPECTION_NOTICE_DAYS} days and once more when the day has passed.`,
    open: 'Open the lift',
  },
};

/**
 * The reminder to one recipient (docs/inspections.md#reminders), German or English: every entry of
 * this run for him, per lift with its number, address and page. One lift gets the page as the
 * mail's button; several each get their address in the text.
 */
export function inspectionReminderMail(language: Language, lifts: readonly ReminderLift[]): MailContent {
  const texts = TEXTS[language];
  const all = lifts.flatMap((lift) => lift.items.map((item) => ({ lift, item })));
  const first = all[0];
  if (!first) throw new Error('a reminder without entries');
  const subject =
    all.length === 1
      ? texts.single(first.item, first.lift.uid, formatDay(language, first.item.dueOn))
      : texts.several(
          all.filter(({ item }) => item.status === 'soon').length,
          all.filter(({ item }) => item.status === 'overdue').length,
        );
  const one = lifts.length === 1;
  const sections = lifts.map((lift) =>
    [
      texts.lift(lift.uid, oneLine(lift.address)),
      ...lift.items.map((item) => `• ${texts.item(item, formatDay(language, item.dueOn))}`),
      ...(one ? [] : [lift.url]),
    ].join('\n'),
  );
  return composeMail({
    subject,
    paragraphs: [texts.greeting, texts.intro, ...sections],
    after: [texts.after],
    ...(one && first ? { link: { label: texts.open, url: first.lift.url } } : {}),
  });
}
