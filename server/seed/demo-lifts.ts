import type { LiftParameters } from '../../contract/parameters';
import { DAY_MS, HOUR_MS } from '../../contract/time';
import type { Database } from '../db/client';
import { descriptions } from '../db/schema/descriptions';
import { lifts, liftUsers } from '../db/schema/lifts';
import { messages } from '../db/schema/messages';
import { sims } from '../db/schema/sims';
import { type NewUserRow, users } from '../db/schema/users';
import { withLuhn } from '../integrations/sim/simulator';
import { seededRandom } from '../lib/seeded-random';
import { newDeviceKey } from '../modules/lifts/lifts.repository';
import { DEMO_DESCRIPTIONS } from './demo-descriptions';
import { DEMO_COMPANY_ID, type DemoUsers } from './demo-users';

/** 40 demo lifts; IMEI `3569380356` + five digits, so a simulator can pick them. */
export const DEMO_LIFT_COUNT = 40;
export const DEMO_LIFT_IMEIS: readonly string[] = Array.from(
  { length: DEMO_LIFT_COUNT },
  (_, i) => `3569380356${String(i + 1).padStart(5, '0')}`,
);

/**
 * The controller key of a demo lift, derived from its IMEI so an in-process demo simulator can
 * connect without reading secrets. Demo mode only: real lifts get random keys.
 */

const ADDRESSES = [
  'Friedrichstraße 120, 10117 Berlin',
  'Kurfürstendamm 21, 10719 Berlin',
  'Alexanderplatz 5, 10178 Berlin',
  'Potsdamer Platz 1, 10785 Berlin',
  'Schönhauser Allee 80, 10439 Berlin',
  'Karl-Marx-Allee 90, 10243 Berlin',
  'Tauentzienstraße 9, 10789 Berlin',
  'Brandenburger Straße 30, 14467 Potsdam',
  'Müllerstraße 146, 13353 Berlin',
  'Sonnenallee 223, 12059 Berlin',
  'Unter den Linden 40, 10117 Berlin',
  'Torstraße 140, 10119 Berlin',
  'Mönckebergstraße 7, 20095 Hamburg',
  'Jungfernstieg 16, 20354 Hamburg',
  'Große Elbstraße 145, 22767 Hamburg',
  'Neuer Wall 50, 20354 Hamburg',
  'Marienplatz 8, 80331 München',
  'Leopoldstraße 32, 80802 München',
  'Sendlinger Straße 12, 80331 München',
  'Maximilianstraße 17, 80539 München',
  'Hohe Straße 52, 50667 Köln',
  'Schildergasse 65, 50667 Köln',
  'Zeil 106, 60313 Frankfurt am Main',
  'Mainzer Landstraße 50, 60325 Frankfurt am Main',
  'Königstraße 28, 70173 Stuttgart',
  'Theodor-Heuss-Straße 4, 70174 Stuttgart',
  'Königsallee 60, 40212 Düsseldorf',
  'Kettwiger Straße 20, 45127 Essen',
  'Prager Straße 10, 01069 Dresden',
  'Grimmaische Straße 2, 04109 Leipzig',
  'Georgstraße 36, 30159 Hannover',
  'Obernstraße 44, 28195 Bremen',
  'Karolinenstraße 19, 90402 Nürnberg',
  'Kaiserstraße 92, 76133 Karlsruhe',
  'Hauptstraße 110, 69117 Heidelberg',
  'Westenhellweg 60, 44137 Dortmund',
  'Holstenstraße 30, 24103 Kiel',
  'Kröpeliner Straße 50, 18055 Rostock',
  'Anger 1, 99084 Erfurt',
  'Breiter Weg 200, 39104 Magdeburg',
];
const HISTORY_DAYS = 90;

/**
 * Demo lifts whose last days are unusual, so the early warnings (docs/early-warnings.md) have
 * something to show: door faults rising on one of the demo customer's lifts, another of his standing
 * still without a fault, and one of the second customer's running hours without trips.
 */
const DEMO_WARNINGS: Partial<Record<number, 'doorFaults' | 'standstill' | 'hoursWithoutTrips'>> = {
  1: 'doorFaults',
  2: 'standstill',
  13: 'hoursWithoutTrips',
};
/** From when the demo warnings' anomalies are in the history, before now. */
const WARNING_DAYS = { doorFaults: 6, standstill: 2.5, hoursWithoutTrips: 3 } as const;
const STATS_EVERY_MS = 6 * HOUR_MS;
const DOOR_CODES = [104, 105, 106];
const SIM_QUOTA = 500 * 1024 * 1024;
const BATCH = 2000;

const SIM_QUOTA_MB = 500;
const SIM_QUOTA_SMS = 250;

/**
 * A demo SIM card as the provider would describe it (docs/sims.md): its numbers derived from the
 * ICCID and the lift, `used` of its 500 MB gone. The admins count as told about a card that is
 * already low, so the first refresh does not mail about the demo's own starting point.
 */
function demoSim(
  iccid: string,
  index: number,
  imei: string,
  used: number,
  now: number,
): typeof sims.$inferInsert {
  const serial = iccid.slice(-8);
  const activated = now - (400 + index * 7) * DAY_MS;
  const left = 1 - used;
  const level = left <= 0 ? 2 : left < 0.2 ? 1 : 0;
  return {
    iccid,
    quotaBytes: SIM_QUOTA,
    usedBytes: Math.round(SIM_QUOTA * used),
    iccidWithLuhn: withLuhn(iccid),
    imsi: `9014051${serial}`,
    msisdn: `8823851${serial}`,
    imei,
    imeiLock: index % 3 === 0,
    status: 'Enabled',
    activationDate: new Date(activated),
    ipAddress: `10.201.${Math.floor(index / 250)}.${(index % 250) + 1}`,
    currentQuotaMb: SIM_QUOTA_MB,
    quotaStatus: level,
    currentQuotaSms: SIM_QUOTA_SMS,
    quotaStatusSms: 0,
    smsVolume: SIM_QUOTA_SMS - ((index * 7) % 40),
    smsTotal: SIM_QUOTA_SMS,
    dataExpiryDate: new Date(activated + 10 * 365 * DAY_MS),
    label: `Lift ${index + 1}`,
    notifiedLevel: level,
  };
}

function parametersFor(stops: number, rnd: () => number): LiftParameters {
  const hydraulic = rnd() < 0.2;
  return {
    general: {
      anzahlHaltestellen: stops,
      nenngeschwindigkeit: hydraulic ? 0.63 : stops > 8 ? 1.6 : 1,
      nennlast: [630, 800, 1000, 1275][Math.floor(rnd() * 4)] ?? 630,
      beschleunigung: 0.6,
      verzoegerung: 0.6,
      fahrzeitueberwachung: 45,
      parkhaltestelle: 0,
      parkverzoegerung: 300,
      brandfallhaltestelle: 0,
      nachregulierung: 1,
    },
    stops: {
      Z0: { freigabe: 1, rufsperre: 0, buendigkorrektur: Math.round(rnd() * 6) - 3, tuerOeffnen: 1 },
      Z1: { freigabe: rnd() < 0.3 ? 1 : 0, rufsperre: 0, buendigkorrektur: 0, tuerOeffnen: 0 },
    },
    door: {
      tueroeffnungszeit: 2.5,
      tuerschliesszeit: 3,
      tuerOffenhaltezeit: 5 + Math.round(rnd() * 5),
      lichtgitterAktiv: 1,
      reversierversuche: 3,
      tuerueberwachungszeit: 15,
    },
  };
}

async function insertInBatches<T>(rows: T[], insert: (batch: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += BATCH) await insert(rows.slice(i, i + BATCH));
}

type NewMessage = typeof messages.$inferInsert;

export interface DemoLiftOptions {
  /**
   * Seed a SIM card per lift with an ICCID: only for the built-in simulator, which serves them.
   * A real provider's cards are its own, and come with the first refresh (docs/sims.md).
   */
  sims: boolean;
  now?: Date;
}

/**
 * The demo lifts of docs/architecture.md#seed-and-demo-mode on top of the demo accounts: the description catalogue, 40 lifts
 * with SIMs, parameters and 90 days of stats and events, their derived columns consistent with
 * that history. The customer has 12 lifts, a second customer of its company 10, the demo service
 * man serves 8 of the customer's lifts.
 */
export async function seedDemoLifts(
  db: Database,
  demo: DemoUsers,
  passwordHash: string,
  { sims: withSims, now = new Date() }: DemoLiftOptions,
) {
  await db.insert(descriptions).values(
    DEMO_DESCRIPTIONS.map(([number, type, name, nameDE, content, text, contentDE, textDE]) => ({
      number,
      type,
      name,
      nameDE,
      content,
      text,
      contentDE,
      textDE,
    })),
  );

  const extra = (user: Omit<NewUserRow, 'passwordHash'>) => ({
    ...user,
    passwordHash,
    status: 'active' as const,
    settings: { language: 'de' as const },
  });
  const [customer2, propertyManager, service2, service3] = await db
    .insert(users)
    .values([
      extra({
        email: 'customer2@demo.local',
        role: 'customer',
        displayName: 'Martina Roth',
        phoneNumber: '4930120005',
        companyId: DEMO_COMPANY_ID,
        name: 'Aufzugsbetrieb Berlin GmbH',
        createdBy: demo.customer_admin.id,
      }),
      extra({
        email: 'hausverwaltung@demo.local',
        role: 'customer',
        displayName: 'Hausverwaltung Nord',
        phoneNumber: '4940300100',
        companyId: 'HV-20095',
        name: 'Hausverwaltung Nord GmbH',
        address: 'Ballindamm 3, 20095 Hamburg',
        createdBy: demo.admin.id,
      }),
      extra({
        email: 'service2@demo.local',
        role: 'service_man',
        displayName: 'Jonas Keller',
        phoneNumber: '4915112345679',
        createdBy: demo.customer_admin.id,
      }),
      extra({
        email: 'service3@demo.local',
        role: 'service_man',
        displayName: 'Mehmet Yılmaz',
        phoneNumber: '4915112345680',
        createdBy: demo.admin.id,
      }),
    ])
    .returning();
  if (!customer2 || !propertyManager || !service2 || !service3) throw new Error('demo users not created');

  const errorCodes = DEMO_DESCRIPTIONS.filter((entry) => entry[1] === 'error').map((entry) => entry[0]);
  const infoCodes = DEMO_DESCRIPTIONS.filter((entry) => entry[1] === 'info').map((entry) => entry[0]);
  const end = now.getTime();
  const start = end - HISTORY_DAYS * DAY_MS;

  const liftRows: (typeof lifts.$inferInsert)[] = [];
  const simRows: (typeof sims.$inferInsert)[] = [];
  const assignments: { index: number; userId: string; kind: 'customer' | 'serviceman' }[] = [];
  const history: NewMessage[][] = [];

  DEMO_LIFT_IMEIS.forEach((imei, i) => {
    const rnd = seededRandom(1000 + i);
    const stops = 3 + Math.floor(rnd() * 10);
    const iccid = i % 13 === 5 ? null : `894902000012${String(i + 1).padStart(8, '0')}`;
    if (iccid) {
      const used = i % 9 === 2 ? 0.82 + rnd() * 0.17 : rnd() * 0.7;
      // One of the low cards is empty, so the demo shows all three levels (docs/sims.md).
      simRows.push(demoSim(iccid, i, imei, i === 20 ? 1 : used, end));
    }

    // Counters grow with every stats reading; busy buildings ride more.
    const tripsPerReading = 20 + Math.floor(rnd() * 120);
    let trips = 40_000 + Math.floor(rnd() * 400_000);
    let hours = 2_000 + Math.floor(rnd() * 30_000);
    const rows: NewMessage[] = [];
    const reading = (at: number, fields: Partial<NewMessage>) =>
      rows.push({
        year: new Date(at).getUTCFullYear(),
        liftId: '',
        at: new Date(at),
        kind: 'stats',
        ...fields,
      });
    const warning = DEMO_WARNINGS[i];
    const unusualFrom = warning ? end - WARNING_DAYS[warning] * DAY_MS : end + 1;
    for (let at = start; at <= end; at += STATS_EVERY_MS) {
      const addTrips = Math.floor(tripsPerReading * (0.6 + rnd() * 0.8));
      const addHours = Math.round(tripsPerReading * 0.012 * (0.6 + rnd() * 0.8) * 100) / 100;
      const unusual = at >= unusualFrom;
      // Standing still: neither counter moves; hours without trips: the drive runs three times as long.
      trips += unusual && warning === 'standstill' ? 0 : addTrips;
      hours +=
        unusual && warning === 'standstill'
          ? 0
          : unusual && warning === 'hoursWithoutTrips'
            ? 3 * addHours
            : addHours;
      reading(at, { kind: 'stats', trips, operatingHours: hours });
    }

    // Events: one every few days, errors cleared after minutes to hours; a few lifts end in error.
    let brokenMs = 0;
    const activeErrors: { code: number; since: string }[] = [];
    let at = start + rnd() * 3 * DAY_MS;
    // The unusual lifts' own faults stop a day before their anomaly: a standstill without a fault code.
    const eventsEnd = warning ? unusualFrom - DAY_MS : end;
    while (at < eventsEnd) {
      const isError = rnd() < 0.55;
      const codes = isError ? errorCodes : infoCodes;
      const code = codes[Math.floor(rnd() * codes.length)] ?? 101;
      const floor = Math.floor(rnd() * stops);
      const duration = (10 + rnd() * 360) * 60_000;
      const type = isError ? 'error' : 'info';
      reading(at, { kind: type, code, active: true, floor });
      if (at + duration < end) {
        reading(at + duration, { kind: type, code, active: false, floor });
        if (isError) brokenMs += duration;
      } else if (isError) {
        activeErrors.push({ code, since: new Date(at).toISOString() });
      }
      at += duration + (1 + rnd() * 5) * DAY_MS;
    }
    if (warning === 'doorFaults') {
      // Door faults every 14 hours, each cleared after a quarter of an hour.
      for (let raised = unusualFrom; raised + 15 * 60_000 < end; raised += 14 * HOUR_MS) {
        const code = DOOR_CODES[Math.floor(raised / HOUR_MS) % DOOR_CODES.length] ?? 105;
        reading(raised, { kind: 'error', code, active: true, floor: 0 });
        reading(raised + 15 * 60_000, { kind: 'error', code, active: false, floor: 0 });
        brokenMs += 15 * 60_000;
      }
    }
    // Three lifts have an error raised now, whatever the dice said.
    if (i % 14 === 3 && activeErrors.length === 0) {
      const since = end - (1 + rnd() * 20) * HOUR_MS;
      const code = errorCodes[i % errorCodes.length] ?? 110;
      reading(since, { kind: 'error', code, active: true, floor: 0 });
      activeErrors.push({ code, since: new Date(since).toISOString() });
    }
    history.push(rows);
    const firstReading = rows.find((row) => row.kind === 'stats');

    // Maintenance intervals: most lifts well ahead, a few due now.
    const maintenanceDue = i % 10 === 7;
    const maxTrips = maintenanceDue
      ? trips - 500
      : i % 4 === 0
        ? 0
        : trips + 20_000 + Math.floor(rnd() * 80_000);
    const maxOperatingHours = i % 3 === 0 ? Math.ceil(hours / 1000) * 1000 + 2000 : 0;
    const online = i % 8 !== 6;
    liftRows.push({
      uid: `AZ-${String(10_001 + i * 37)}`,
      address: ADDRESSES[i] ?? `Hauptstraße ${i + 1}, 10115 Berlin`,
      imei,
      iccid,
      maxTrips,
      maxOperatingHours,
      parameters: parametersFor(stops, rnd),
      // A key nobody knows: the demo controllers rotate their own at start, admins rotate theirs.
      deviceKeyHash: newDeviceKey().hash,
      trips,
      operatingHours: hours,
      // Registered when their history begins: their maintenance intervals count from there.
      createdAt: new Date(start),
      baselineTrips: firstReading?.trips ?? null,
      baselineOperatingHours: firstReading?.operatingHours ?? null,
      brokenMs: Math.round(brokenMs),
      activeErrors,
      brokenSince: activeErrors[0] ? new Date(activeErrors[0].since) : null,
      online,
      lastSeenAt: new Date(online ? end : end - (2 + rnd() * 40) * HOUR_MS),
    });

    // Who sees which lift: 0–11 the demo customer (service man: 0–7), 12–21 the second customer
    // of the same company, 22–39 a property manager of another company.
    if (i < 12) {
      assignments.push({ index: i, userId: demo.customer.id, kind: 'customer' });
      assignments.push({ index: i, userId: i < 8 ? demo.service_man.id : service2.id, kind: 'serviceman' });
    } else if (i < 22) {
      assignments.push({ index: i, userId: customer2.id, kind: 'customer' });
      assignments.push({ index: i, userId: service2.id, kind: 'serviceman' });
    } else {
      assignments.push({ index: i, userId: propertyManager.id, kind: 'customer' });
      assignments.push({ index: i, userId: service3.id, kind: 'serviceman' });
    }
  });

  if (withSims && simRows.length) await db.insert(sims).values(simRows);
  const inserted = await db.insert(lifts).values(liftRows).returning({ id: lifts.id, imei: lifts.imei });
  const idByImei = new Map(inserted.map((row) => [row.imei, row.id]));
  const liftId = (index: number) => {
    const id = idByImei.get(DEMO_LIFT_IMEIS[index] ?? '');
    if (!id) throw new Error(`demo lift ${index} not inserted`);
    return id;
  };
  await db
    .insert(liftUsers)
    .values(assignments.map(({ index, userId, kind }) => ({ liftId: liftId(index), userId, kind })));
  const allMessages = history.flatMap((rows, index) =>
    rows.map((row) => ({ ...row, liftId: liftId(index) })),
  );
  await insertInBatches(allMessages, (batch) => db.insert(messages).values(batch));
  return { lifts: inserted.length, messages: allMessages.length };
}
