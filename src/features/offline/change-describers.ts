import { plural, t } from '@lingui/core/macro';
import type { Alarm } from '../../../contract/schemas/alarm';
import type { BaseEntry } from '../../../contract/schemas/base';
import type { Description } from '../../../contract/schemas/description';
import type { Defect } from '../../../contract/schemas/inspection';
import { LIFT_BASE_FIELDS, type Lift, type LiftBaseField } from '../../../contract/schemas/lift';
import type { MaintenanceVisit } from '../../../contract/schemas/maintenance';
import type { Message, MessageNotes } from '../../../contract/schemas/message';
import type { ServiceReport } from '../../../contract/schemas/service-report';
import { dateTimeFormat, numberFormat } from '../../data/i18n/intl-format';
import type { OutboxEntity, OutboxEntry } from '../../data/mirror/mirror-db';
import { isPhotoUrl } from '../../ui/Photos';

/**
 * What the offline page says of a waiting change, in the user's words: what it does, to which
 * lift, when, with the photos it carries. One describer per outbox entity (the compiler asks for
 * one when a mirrored table gains an outbox entity in contract/mirrored-tables.ts); none shows a
 * field name, a request path or an id.
 */

/** What the mirror holds about a change, read by `useChangeContext` in SyncPage.tsx. */
export interface ChangeContext {
  /** The row as shown with the change laid on it, or as it was before a deletion; null when gone. */
  row: Record<string, unknown> | null;
  /** The lift the row belongs to (the row itself for a lift's change). */
  lift: Lift | null;
  /** The catalogue entry of the row's code (a reading's notes). */
  description: Description | null;
  /** Base data, to name a lift's manufacturer and the like. */
  base: BaseEntry[];
}

export interface DescribedChange {
  /** One line: what, which lift, when. */
  title: string;
  /** What the change says, each a line in words. */
  details: string[];
  /** Photos it carries: stored ones or ones still waiting on this device (`upload:<uid>`). */
  photos: string[];
}

type Describer = (entry: OutboxEntry, context: ChangeContext, locale: string) => DescribedChange;

const isGerman = (locale: string) => locale.startsWith('de');

/** "lift A-17 (Hauptstr. 5)"; a lift this device no longer holds is said so. */
function liftName(lift: Lift | null): string {
  if (!lift) return t`a lift no longer on this device`;
  const { uid, address } = lift;
  return address ? t`lift ${uid} (${address})` : t`lift ${uid}`;
}

/** A `YYYY-MM-DD` day in the reader's language. */
const formatDay = (day: string, locale: string) =>
  dateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`));

const photoCount = (count: number) => plural(count, { one: '# photo', other: '# photos' });

/** " — 2 photos" after a title, nothing without photos. */
const withPhotos = (title: string, photos: string[]) =>
  photos.length > 0 ? `${title} — ${photoCount(photos.length)}` : title;

const describeReport: Describer = (_entry, { row, lift }, locale) => {
  const report = row as Partial<ServiceReport> | null;
  const photos = (report?.photoUrls ?? []).filter(isPhotoUrl);
  const where = liftName(lift);
  const day = report?.signedAt
    ? dateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'Europe/Berlin' }).format(
        new Date(report.signedAt),
      )
    : '—';
  const signer = report?.signerName ?? '—';
  const details = [
    report?.workDone ? t`Work done: ${report.workDone}` : null,
    report?.signerName ? t`Signed by ${signer}` : null,
  ];
  return {
    title: withPhotos(t`Service report at ${where} on ${day}`, photos),
    details: details.filter((line): line is string => line !== null),
    photos,
  };
};

function descriptionName(description: Pick<Description, 'name' | 'nameDE'>, locale: string): string {
  return (isGerman(locale) ? description.nameDE : description.name) || description.name || description.nameDE;
}

const describeVisit: Describer = (_entry, { row, lift }, locale) => {
  const visit = row as Partial<MaintenanceVisit> | null;
  const photos = (visit?.photoUrls ?? []).filter(isPhotoUrl);
  const where = liftName(lift);
  const day = visit?.visitedOn ? formatDay(visit.visitedOn, locale) : '—';
  const details = [
    visit?.workDone ? t`Work done: ${visit.workDone}` : null,
    visit?.notes ? t`Notes: ${visit.notes}` : null,
  ];
  return {
    title: withPhotos(t`Maintenance visit at ${where} on ${day}`, photos),
    details: details.filter((line): line is string => line !== null),
    photos,
  };
};

const describeAlarm: Describer = (_entry, { row, lift }, locale) => {
  const alarm = row as Partial<Alarm> | null;
  const where = liftName(lift);
  const code = alarm?.code;
  const what =
    alarm?.kind === 'offline'
      ? t`Controller offline`
      : alarm?.kind === 'emergencyCall'
        ? t`Emergency call: passengers trapped`
        : alarm?.kind === 'lineTestOverdue'
          ? t`Emergency-call test overdue`
          : alarm && code !== null && code !== undefined
            ? `${t`Error ${code}`}: ${descriptionName({ name: alarm.name ?? '', nameDE: alarm.nameDE ?? '' }, locale)}`
            : t`Alarm`;
  return { title: t`Alarm acknowledged at ${where}: ${what}`, details: [], photos: [] };
};

const describeDefect: Describer = (entry, { row, lift }) => {
  const defect = row as Partial<Defect> | null;
  const where = liftName(lift);
  const text = defect?.text ?? '—';
  if (entry.patch && 'closedAt' in entry.patch) {
    return { title: t`Defect closed at ${where}: ${text}`, details: [], photos: [] };
  }
  const note = (entry.body.fixNote as string | undefined) ?? defect?.fixNote ?? '';
  const photos = ((entry.body.photoUrls as string[] | undefined) ?? []).filter(isPhotoUrl);
  return {
    title: withPhotos(t`Defect fixed at ${where}: ${text}`, photos),
    details: note ? [t`How: ${note}`] : [],
    photos,
  };
};

/** A note's lines and photos; links that are not photos are counted. */
function notesLines(notes: MessageNotes | null | undefined): Pick<DescribedChange, 'details' | 'photos'> {
  if (!notes) return { details: [t`Notes removed`], photos: [] };
  const photos = notes.urls.filter(isPhotoUrl);
  const links = notes.urls.length - photos.length;
  const details = [
    notes.title ? t`Title: ${notes.title}` : null,
    notes.notes ? t`Notes: ${notes.notes}` : null,
    links > 0 ? plural(links, { one: '# link', other: '# links' }) : null,
  ];
  return { details: details.filter((line): line is string => line !== null), photos };
}

const describeMessage: Describer = (entry, { row, lift, description }, locale) => {
  const message = row as Partial<Message> | null;
  const where = liftName(lift);
  const code = message?.code;
  const fault =
    code === null || code === undefined
      ? t`a reading`
      : description
        ? t`fault ${code} (${descriptionName(description, locale)})`
        : t`fault ${code}`;
  // A note entry's body carries `text` and `urls`; the single note of before, `notes`.
  const written =
    typeof entry.body.text === 'string'
      ? { title: '', notes: entry.body.text, urls: (entry.body.urls as string[] | undefined) ?? [] }
      : (entry.body.notes as MessageNotes | undefined);
  const { details, photos } = notesLines(
    entry.path.endsWith('/remove') ? null : (written ?? (message?.notes as MessageNotes | null | undefined)),
  );
  return { title: withPhotos(t`Notes on ${fault} at ${where}`, photos), details, photos };
};

const describeLift: Describer = (entry, context, locale) => {
  const where = liftName(context.lift ?? (context.row as Lift | null));
  if (entry.effect === 'delete') return { title: t`Delete ${where}`, details: [], photos: [] };
  return {
    title: t`Changes to ${where}`,
    details: fieldLines('lift', entry.body, Object.keys(entry.body), context, locale),
    photos: [],
  };
};

const describeDescription: Describer = (entry, context, locale) => {
  const row = (context.row ?? entry.body) as Partial<Description>;
  const number = row.number ?? '—';
  const name = descriptionName({ name: row.name ?? '', nameDE: row.nameDE ?? '' }, locale);
  const code = name ? `${number}: ${name}` : String(number);
  if (entry.effect === 'delete') return { title: t`Delete description ${code}`, details: [], photos: [] };
  const title = entry.effect === 'create' ? t`New description ${code}` : t`Changes to description ${code}`;
  return {
    title,
    details: fieldLines('description', entry.body, Object.keys(entry.body), context, locale),
    photos: [],
  };
};

/** One describer per kind of waiting change. */
export const DESCRIBERS: Record<OutboxEntity, Describer> = {
  lift: describeLift,
  description: describeDescription,
  message: describeMessage,
  alarm: describeAlarm,
  visit: describeVisit,
  defect: describeDefect,
  report: describeReport,
};

const names = (ids: unknown, lift: Lift | null) => {
  const list = Array.isArray(ids) ? (ids as string[]) : [];
  const known = new Map((lift?.assignedUsers ?? []).map((user) => [user.id, user.displayName]));
  const named = list.map((id) => known.get(id)).filter((name): name is string => Boolean(name));
  if (named.length === list.length) return named.join(', ') || '—';
  return plural(list.length, { one: '# person', other: '# people' });
};

const limit = (value: unknown, locale: string) =>
  typeof value === 'number' && value > 0 ? numberFormat(locale).format(value) : t`not set`;

const baseLabel = (field: LiftBaseField, key: unknown, base: BaseEntry[], locale: string) => {
  if (typeof key !== 'string' || !key) return t`none`;
  const entry = base.find((row) => row.category === LIFT_BASE_FIELDS[field] && row.key === key);
  return entry ? (isGerman(locale) ? entry.labelDe : entry.labelEn) : key;
};

const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value : '—');

/** A lift's fields in words: label and value, never a field name or an id. */
function liftField(key: string, value: unknown, context: ChangeContext, locale: string): string | null {
  const { lift, base } = context;
  switch (key) {
    case 'uid':
      return t`Lift ID: ${text(value)}`;
    case 'address':
      return t`Address: ${text(value)}`;
    case 'imei':
      return t`IMEI: ${text(value)}`;
    case 'iccid':
      return t`SIM card (ICCID): ${text(value)}`;
    case 'customers':
      return t`Customers: ${names(value, lift)}`;
    case 'servicemen':
      return t`Service men: ${names(value, lift)}`;
    case 'maxTrips':
      return t`Trips until service: ${limit(value, locale)}`;
    case 'maxOperatingHours':
      return t`Operating hours until service: ${limit(value, locale)}`;
    case 'parameters':
      return t`Controller parameters changed`;
    case 'manufacturer':
      return t`Manufacturer: ${baseLabel('manufacturer', value, base, locale)}`;
    case 'driveType':
      return t`Drive: ${baseLabel('driveType', value, base, locale)}`;
    case 'doorType':
      return t`Door type: ${baseLabel('doorType', value, base, locale)}`;
    case 'buildingType':
      return t`Building type: ${baseLabel('buildingType', value, base, locale)}`;
    default:
      return null;
  }
}

/** A description's fields in words. */
function descriptionField(key: string, value: unknown): string | null {
  switch (key) {
    case 'number':
      return t`Code: ${text(String(value ?? ''))}`;
    case 'type':
      return value === 'info' ? t`Type: info` : t`Type: error`;
    case 'name':
      return t`Name (English): ${text(value)}`;
    case 'nameDE':
      return t`Name (German): ${text(value)}`;
    case 'content':
      return t`Cause (English): ${text(value)}`;
    case 'contentDE':
      return t`Cause (German): ${text(value)}`;
    case 'text':
      return t`Remedy (English): ${text(value)}`;
    case 'textDE':
      return t`Remedy (German): ${text(value)}`;
    default:
      return null;
  }
}

/**
 * The fields `keys` of `record` (a change's body, or the server's row of a conflict) in words, so
 * that mine and theirs can be set side by side. Fields that say how (a base version) are left out.
 */
export function fieldLines(
  entity: OutboxEntity,
  record: Record<string, unknown>,
  keys: string[],
  context: ChangeContext,
  locale: string,
): string[] {
  const lines = keys.map((key): string | null => {
    const value = record[key];
    if (entity === 'lift') return liftField(key, value, context, locale);
    if (entity === 'description') return descriptionField(key, value);
    if (entity === 'message' && key === 'notes') {
      return notesLines(value as MessageNotes | null).details.join(' · ') || '—';
    }
    return null;
  });
  return lines.filter((line): line is string => line !== null);
}
