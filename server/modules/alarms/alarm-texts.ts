import type { Language } from '../../../contract/constants';
import type { AlarmKind } from '../../../contract/schemas/alarm';
import { composeMail, type MailContent } from '../../integrations/mail/layout';

/** What every alarm text names: the alarm, its lift and where to open it. */
export interface AlarmTextInput {
  kind: AlarmKind;
  code: number;
  name: string;
  nameDE: string;
  floor: number | null;
  openedAt: Date;
  liftUid: string;
  liftAddress: string;
  /** The lift's page in the portal. */
  link: string;
  /** Sent to the customer admins and admins because nobody acknowledged it in time. */
  escalated: boolean;
  /** A test of the alarm chain someone started from the lift page: marked as such everywhere. */
  test?: boolean;
}

export const OFFLINE_NAME = { en: 'Controller offline', de: 'Steuerung offline' } as const;
/** The name of a test alarm (docs/alarms.md#test-alarm). */
export const TEST_NAME = { en: 'Test alarm', de: 'Testalarm' } as const;
/** The alarm button in the car pressed: passengers trapped (docs/alarms.md#emergency-call). */
export const EMERGENCY_CALL_NAME = {
  en: 'Emergency call: passengers trapped',
  de: 'Notruf: Personen eingeschlossen',
} as const;
/** No good emergency-call line test in time, or a failed one (docs/alarms.md#emergency-call). */
export const LINE_TEST_OVERDUE_NAME = {
  en: 'Emergency-call test overdue',
  de: 'Notruf-Testanruf überfällig',
} as const;

const formatTime = (language: Language, at: Date) =>
  new Intl.DateTimeFormat(language === 'de' ? 'de-DE' : 'en-GB', {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: 'Europe/Berlin',
  }).format(at);

function what(language: Language, input: AlarmTextInput): string {
  if (input.kind === 'offline') return OFFLINE_NAME[language];
  if (input.kind === 'test') return TEST_NAME[language];
  if (input.kind === 'emergencyCall') return EMERGENCY_CALL_NAME[language];
  if (input.kind === 'lineTestOverdue') return LINE_TEST_OVERDUE_NAME[language];
  const name = language === 'de' ? input.nameDE : input.name;
  return language === 'de' ? `Fehler ${input.code}: ${name}` : `Error ${input.code}: ${name}`;
}

/** The subject, also the push title: short enough for a phone's lock screen. */
export function alarmTitle(language: Language, input: AlarmTextInput): string {
  const prefix = input.escalated
    ? language === 'de'
      ? 'Unquittierter Alarm'
      : 'Unacknowledged alarm'
    : language === 'de'
      ? 'Alarm'
      : 'Alarm';
  const title = `${prefix} ${input.liftUid}: ${what(language, input)}`;
  return input.test || input.kind === 'test' ? `TEST – ${title}` : title;
}

/** One line for SMS and push: the fault, the lift's address and floor, since when. */
export function alarmLine(language: Language, input: AlarmTextInput): string {
  const floor =
    input.floor === null ? '' : language === 'de' ? `, Etage ${input.floor}` : `, floor ${input.floor}`;
  const since = language === 'de' ? 'seit' : 'since';
  return `${what(language, input)} – ${input.liftUid}, ${input.liftAddress}${floor}, ${since} ${formatTime(language, input.openedAt)}`;
}

/** The SMS: the line and the link, nothing else (one or two segments). */
export function alarmSms(language: Language, input: AlarmTextInput): string {
  return `${alarmTitle(language, input).split(':')[0]}: ${alarmLine(language, input)} ${input.link}`;
}

/** The alarm mail in the recipient's language, in the one mail layout (server/integrations/mail/layout.ts). */
export function alarmMail(language: Language, input: AlarmTextInput): MailContent {
  const de = language === 'de';
  const facts: [string, string][] = [
    [de ? 'Aufzug' : 'Lift', input.liftUid],
    [de ? 'Adresse' : 'Address', input.liftAddress],
    [de ? 'Störung' : 'Fault', what(language, input)],
    ...(input.floor === null ? [] : [[de ? 'Etage' : 'Floor', String(input.floor)] as [string, string]]),
    [de ? 'Seit' : 'Since', formatTime(language, input.openedAt)],
  ];
  const intro =
    input.kind === 'emergencyCall' && !input.escalated
      ? de
        ? 'Im Fahrkorb wurde der Alarmtaster gedrückt: Personen sind eingeschlossen. Bitte sofort hinfahren, die Personen befreien und den Alarm quittieren.'
        : 'The alarm button in the car was pressed: passengers are trapped. Go there at once, free them and acknowledge the alarm.'
      : input.kind === 'lineTestOverdue' && !input.escalated
        ? de
          ? 'Der automatische Testanruf des Notrufsystems ist ausgeblieben oder fehlgeschlagen (EN 81-28: mindestens alle drei Tage). Eingeschlossene Personen werden womöglich nicht gehört: Notrufsystem prüfen.'
          : 'The automatic test call of the emergency-call system is missing or failed (EN 81-28: at least every three days). Trapped passengers may not be heard: check the emergency-call system.'
        : input.test || input.kind === 'test'
          ? de
            ? 'Dies ist ein Testalarm: Die Alarmkette wurde vom Portal aus geprüft. Es ist nichts zu tun.'
            : 'This is a test alarm: the alarm chain was checked from the portal. Nothing needs to be done.'
          : input.escalated
            ? de
              ? 'Dieser Alarm wurde innerhalb der vorgesehenen Zeit von keinem Servicetechniker quittiert.'
              : 'No service technician acknowledged this alarm within the expected time.'
            : de
              ? 'Für einen Ihrer Aufzüge wurde ein Alarm ausgelöst.'
              : 'An alarm was raised for one of your lifts.';
  const label = de ? 'Aufzug öffnen' : 'Open the lift';
  const subject = alarmTitle(language, input);
  return composeMail({
    subject,
    paragraphs: [intro],
    facts,
    link: { label, url: input.link, tone: 'alarm' },
  });
}
