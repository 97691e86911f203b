import { IDBKeyRange, indexedDB } from 'fake-indexeddb';
import { emptyListPerTable } from '../../../contract/mirrored-tables';
import type { Description } from '../../../contract/schemas/description';
import type { Lift } from '../../../contract/schemas/lift';
import type { Message } from '../../../contract/schemas/message';
import type { SyncPullResponse } from '../../../contract/schemas/sync';
import { clientSettings, DEFAULT_SETTINGS } from '../../../contract/settings';
import { MirrorDb } from './mirror-db';

/** Test data for the mirror's unit tests (fake-indexeddb; no browser). */
let counter = 0;
export function testMirror(): MirrorDb {
  return new MirrorDb(`test-mirror-${++counter}-${Math.random()}`, { indexedDB, IDBKeyRange });
}

export function aLift(id: string, change: Partial<Lift> = {}): Lift {
  return {
    id,
    uid: `L-${id}`,
    address: `Street ${id}`,
    imei: '350000000000001',
    iccid: null,
    customers: [],
    servicemen: [],
    assignedUsers: [],
    maxTrips: 0,
    maxOperatingHours: 0,
    stats: { trips: 0, operatingHours: 0, brokenHours: 0 },
    state: { online: false, lastSeenAt: null, currentError: null, maintenanceDue: false },
    simVolumeStatus: 'noSim',
    parameters: {} as Lift['parameters'],
    maintenance: {
      everyTrips: null,
      everyHours: null,
      everyMonths: null,
      since: '2026-01-01',
      baseline: null,
    },
    inspectionEveryMonths: null,
    version: 1,
    updatedAt: '2026-11-01T00:00:00.000Z',
    ...change,
  };
}

export function aMessage(id: string, liftId: string, at: string, change: Partial<Message> = {}): Message {
  return {
    id,
    year: Number(at.slice(0, 4)),
    liftId,
    kind: 'error',
    code: 101,
    active: true,
    floor: 1,
    trips: null,
    operatingHours: null,
    at,
    isNotes: false,
    notes: null,
    noteEntries: [],
    version: 1,
    ...change,
  };
}

export function aDescription(id: string, number: number, change: Partial<Description> = {}): Description {
  return {
    id,
    number,
    name: `Fault ${number}`,
    nameDE: `Fehler ${number}`,
    type: 'error',
    content: '',
    contentDE: '',
    text: '',
    textDE: '',
    version: 1,
    updatedAt: '2026-11-01T00:00:00.000Z',
    ...change,
  };
}

/** A pull page with `change`; each table's rows and tombstones are empty unless given. */
export function aPage(
  change: Partial<Omit<SyncPullResponse, 'deleted'>> & {
    deleted?: Partial<SyncPullResponse['deleted']>;
  } = {},
): SyncPullResponse {
  return {
    reset: false,
    ...emptyListPerTable(),
    cursor: 'c1',
    hasMore: false,
    serverTime: '2026-11-21T12:00:00.000Z',
    settings: clientSettings(DEFAULT_SETTINGS),
    ...change,
    deleted: { ...emptyListPerTable(), ...change.deleted },
  };
}
