import { i18n } from '@lingui/core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Lift } from '../../../contract/schemas/lift';
import type { OutboxEntry } from '../../data/mirror/mirror-db';
import { type ChangeContext, DESCRIBERS, fieldLines } from './change-describers';

const LIFT = { id: 'lift-1', uid: 'A-17', address: 'Hauptstr. 5', assignedUsers: [] } as unknown as Lift;

const entry = (fields: Partial<OutboxEntry>): OutboxEntry => ({
  id: 'e1',
  method: 'POST',
  path: '/api/x',
  body: {},
  idempotencyKey: 'k',
  entity: 'visit',
  entityId: 'local-1',
  effect: 'create',
  createdAt: '2026-11-28T13:32:00Z',
  status: 'pending',
  attempts: 0,
  nextAttemptAt: 0,
  ...fields,
});
const context = (row: Record<string, unknown> | null, extra: Partial<ChangeContext> = {}): ChangeContext => ({
  row,
  lift: LIFT,
  description: null,
  base: [],
  ...extra,
});

/** Field names, request paths, upload refs and ids a user must never read. */
const RAW = /visitedOn|workDone|photoUrls|upload:|local-|baseVersion|\/api\//;

beforeAll(async () => {
  const { messages } = await import('../../locales/de/offline.po');
  i18n.load({ de: messages, en: {} });
});

describe('DESCRIBERS', () => {
  const visit = entry({
    body: { visitedOn: '2026-11-28', workDone: 'Seile geprüft', notes: '', photoUrls: ['upload:5ca1'] },
  });
  const visitRow = {
    id: 'local-1',
    liftId: 'lift-1',
    visitedOn: '2026-11-28',
    workDone: 'Seile geprüft',
    notes: '',
    photoUrls: ['upload:5ca1'],
  };

  it('says a maintenance visit in words, with its lift, its day and its photo, in German and English', () => {
    i18n.activate('de');
    const german = DESCRIBERS.visit(visit, context(visitRow), 'de');
    expect(german.title).toBe('Wartung an Aufzug A-17 (Hauptstr. 5) am 28.11.2026 — 1 Foto');
    expect(german.details).toEqual(['Ausgeführte Arbeiten: Seile geprüft']);
    expect(german.photos).toEqual(['upload:5ca1']);
    expect(`${german.title} ${german.details.join(' ')}`).not.toMatch(RAW);

    i18n.activate('en');
    const english = DESCRIBERS.visit(visit, context(visitRow), 'en');
    expect(english.title).toBe('Maintenance visit at lift A-17 (Hauptstr. 5) on Nov 28, 2026 — 1 photo');
    expect(english.details).toEqual(['Work done: Seile geprüft']);
  });

  it('names an acknowledged alarm, a fixed defect and notes on a fault by what they are', () => {
    i18n.activate('de');
    const alarm = DESCRIBERS.alarm(
      entry({ entity: 'alarm', effect: 'patch', entityId: 'a1' }),
      context({
        liftId: 'lift-1',
        kind: 'error',
        code: 101,
        name: 'Door zone fault',
        nameDE: 'Türzonenfehler',
      }),
      'de',
    );
    expect(alarm.title).toBe('Alarm quittiert an Aufzug A-17 (Hauptstr. 5): Fehler 101: Türzonenfehler');

    const fix = DESCRIBERS.defect(
      entry({
        entity: 'defect',
        effect: 'patch',
        body: { fixNote: 'Schraube nachgezogen' },
        patch: { fixNote: 'x' },
      }),
      context({ liftId: 'lift-1', text: 'Handlauf lose' }),
      'de',
    );
    expect(fix.title).toBe('Mangel behoben an Aufzug A-17 (Hauptstr. 5): Handlauf lose');
    expect(fix.details).toEqual(['Wie: Schraube nachgezogen']);

    const notes = DESCRIBERS.message(
      entry({
        entity: 'message',
        effect: 'patch',
        body: {
          year: 2026,
          isNotes: true,
          notes: { title: 'Kontakt', notes: 'getauscht', urls: [] },
          baseVersion: 3,
        },
      }),
      context(
        { liftId: 'lift-1', code: 101 },
        {
          description: { name: 'Door zone fault', nameDE: 'Türzonenfehler' } as ChangeContext['description'],
        },
      ),
      'de',
    );
    expect(notes.title).toBe('Notizen zu Fehler 101 (Türzonenfehler) an Aufzug A-17 (Hauptstr. 5)');
    expect(notes.details).toEqual(['Titel: Kontakt', 'Notizen: getauscht']);
  });

  it('says a lift change field by field in words, without ids', () => {
    i18n.activate('de');
    const lift = { ...LIFT, assignedUsers: [{ id: 'u1', displayName: 'Max Service' }] } as Lift;
    const change = entry({
      entity: 'lift',
      effect: 'patch',
      entityId: 'lift-1',
      body: { address: 'Hauptstr. 7', servicemen: ['u1'], maxTrips: 0, baseVersion: 4 },
    });
    const described = DESCRIBERS.lift(change, context(null, { lift }), 'de');
    expect(described.title).toBe('Änderungen an Aufzug A-17 (Hauptstr. 5)');
    expect(described.details).toEqual([
      'Adresse: Hauptstr. 7',
      'Servicetechniker: Max Service',
      'Fahrten bis zur Wartung: nicht gesetzt',
    ]);
    expect(fieldLines('lift', { servicemen: ['u9', 'u8'] }, ['servicemen'], context(null), 'de')).toEqual([
      'Servicetechniker: 2 Personen',
    ]);
  });
});
