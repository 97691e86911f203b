import { eq } from 'drizzle-orm';
import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inspectionsDue } from '../../../contract/inspection-rules';
import { addDays, addMonths, berlinDay } from '../../../contract/maintenance';
import { DAY_MS } from '../../../contract/time';
import { createTestApp, DEMO_EMAILS, type TestApp } from '../../../tests/server/helpers/app';
import { startSmtpServer, type TestSmtpServer } from '../../../tests/server/helpers/smtp';
import { inspectionReminders as reminderClaims } from '../../db/schema/inspection-reminders';
import { defects, inspections } from '../../db/schema/inspections';
import { users } from '../../db/schema/users';
import { insertLiftWithKey } from '../devices/device-test-kit';
import { sendInspectionReminders } from './inspection-reminders';
import { createInspectionsRepository } from './inspections.repository';

/** Reminder mails of statutory inspections and defect deadlines (docs/inspections.md#reminders). */

const PUBLIC_URL = 'https://portal.test';
let smtp: TestSmtpServer;
let t: TestApp;
const now = new Date();
const today = berlinDay(now);
const later = (days: number) => new Date(now.getTime() + days * DAY_MS);

let lift: { id: string; imei: string };
let other: { id: string };
let defectSoon: string;
let defectFixed: string;
const mainDue = addDays(today, 10);

async function person(
  role: 'customer' | 'customer_admin' | 'service_man' | 'admin',
  email: string,
  extra: { language?: 'de' | 'en'; companyId?: string; status?: 'active' | 'disabled' } = {},
) {
  const [row] = await t.app.db
    .insert(users)
    .values({
      email,
      displayName: email,
      role,
      status: extra.status ?? 'active',
      companyId: extra.companyId ?? null,
      settings: extra.language ? { language: extra.language } : {},
    })
    .returning({ id: users.id });
  if (!row) throw new Error('no user');
  return row.id;
}

const mailsTo = (address: string, since = 0): ParsedMail[] =>
  smtp.received.slice(since).filter((mail) =>
    [mail.to]
      .flat()
      .flatMap((to) => to?.value ?? [])
      .some((entry) => entry.address === address),
  );

/** Runs the job at `at` and waits until the outbox delivered what it queued. */
async function run(at: Date) {
  const queued = await sendInspectionReminders(t.app, PUBLIC_URL, at);
  await t.app.outbox.idle();
  return queued;
}

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp({ SMTP_URL: smtp.url });
  const customer = await person('customer', 'kunde@reminders.test', {
    language: 'en',
    companyId: 'reminder-co',
  });
  await person('customer_admin', 'chef@reminders.test', { companyId: 'reminder-co' });
  await person('customer_admin', 'fremdchef@reminders.test', { companyId: 'other-co' });
  const stranger = await person('customer', 'fremd@reminders.test');
  const gone = await person('customer', 'weg@reminders.test', { status: 'disabled' });
  const serviceMan = await person('service_man', 'techniker@reminders.test');
  lift = await insertLiftWithKey(t.app.db, { customers: [customer, gone], servicemen: [serviceMan] });
  other = await insertLiftWithKey(t.app.db, { customers: [stranger] });

  // The main inspection falls due in 10 days; an intermediate one since keeps that one quiet.
  const mainOn = addMonths(mainDue, -24);
  const [main] = await t.app.db
    .insert(inspections)
    .values([
      { liftId: lift.id, inspectedOn: mainOn, kind: 'main', body: 'TÜV', result: 'defects' },
      {
        liftId: lift.id,
        inspectedOn: addDays(mainOn, 200),
        kind: 'intermediate',
        body: 'TÜV',
        result: 'none',
      },
    ])
    .returning({ id: inspections.id });
  if (!main) throw new Error('no inspection');
  const found = await t.app.db
    .insert(defects)
    .values([
      { inspectionId: main.id, liftId: lift.id, text: 'Notruf prüfen', deadline: addDays(today, 5) },
      { inspectionId: main.id, liftId: lift.id, text: 'Türkontakt tauschen', deadline: addDays(today, 20) },
    ])
    .returning({ id: defects.id });
  defectSoon = found[0]?.id ?? '';
  defectFixed = found[1]?.id ?? '';
  const due = inspectionsDue(
    [
      { kind: 'main', inspectedOn: mainOn },
      { kind: 'intermediate', inspectedOn: addDays(mainOn, 200) },
    ],
    24,
    today,
  );
  expect(due.main?.dueOn).toBe(mainDue);
  expect(due.intermediate).toBeNull();
});

afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

describe('inspection reminders', () => {
  it('mail the admins and the lift’s customers once ahead, each in his language, however many runs race', async () => {
    const runs = await Promise.all([run(now), run(now)]);
    // The second run found the lock taken (PostgreSQL) or everything claimed (PGlite, one at a time).
    expect(runs.filter((queued) => queued !== null && queued > 0)).toHaveLength(1);

    const [customerMail, ...more] = mailsTo('kunde@reminders.test');
    expect(more).toHaveLength(0);
    expect(customerMail?.subject).toBe('Inspections and defect deadlines: 3 due soon');
    const text = customerMail?.text ?? '';
    expect(text).toContain(`Lift T-${lift.imei} – Teststraße ${lift.imei.slice(-3)}, Berlin`);
    expect(text).toMatch(/Main inspection due on \d+ \w+ \d{4}/);
    expect(text).toContain('Defect “Notruf prüfen”: deadline');
    expect(text).toContain('Defect “Türkontakt tauschen”: deadline');
    expect(text).toContain(`Open the lift: ${PUBLIC_URL}/apps/lift/lifts/${lift.id}`);
    expect(customerMail?.html).toContain(`href="${PUBLIC_URL}/apps/lift/lifts/${lift.id}"`);

    // The admin (German by default) and the customer admin of the customer's company, in German.
    for (const address of [DEMO_EMAILS.admin, 'chef@reminders.test']) {
      const mails = mailsTo(address);
      expect(mails, address).toHaveLength(1);
      expect(mails[0]?.subject).toBe('Prüfungen und Mängelfristen: 3 bald fällig');
      expect(mails[0]?.text).toContain(`Aufzug T-${lift.imei}`);
      expect(mails[0]?.text).toMatch(/Hauptprüfung fällig am \d+\. \S+ \d{4}/);
      expect(mails[0]?.text).toContain('Mangel „Notruf prüfen“: Frist bis');
    }
    // Not another lift's customer, another company's admin, a disabled account nor a service man.
    for (const address of [
      'fremd@reminders.test',
      'fremdchef@reminders.test',
      'weg@reminders.test',
      'techniker@reminders.test',
      DEMO_EMAILS.service_man,
      DEMO_EMAILS.customer,
    ])
      expect(mailsTo(address), address).toHaveLength(0);

    const claims = await t.app.db.select().from(reminderClaims).where(eq(reminderClaims.liftId, lift.id));
    expect(claims.map((claim) => `${claim.key}|${claim.stage}`).sort()).toEqual(
      [
        `defect:${defectFixed}:${addDays(today, 20)}|ahead`,
        `defect:${defectSoon}:${addDays(today, 5)}|ahead`,
        `main:${lift.id}:${mainDue}|ahead`,
      ].sort(),
    );
    expect(await t.app.db.select().from(reminderClaims).where(eq(reminderClaims.liftId, other.id))).toEqual(
      [],
    );
  });

  it('send nothing again on the next run, nor a day later', async () => {
    const before = smtp.received.length;
    expect(await run(now)).toBe(0);
    expect(await run(later(1))).toBe(0);
    expect(smtp.received.length).toBe(before);
  });

  it('mail once more when the day passed, not for a defect fixed meanwhile', async () => {
    const serviceMan = await t.signInAs('service_man');
    await createInspectionsRepository(t.app.db).fix(defectFixed, serviceMan.user.id, 'getauscht', []);
    const before = smtp.received.length;
    expect(await run(later(12))).toBeGreaterThan(0);

    const [overdue, ...more] = mailsTo('kunde@reminders.test', before);
    expect(more).toHaveLength(0);
    expect(overdue?.subject).toBe('Inspections and defect deadlines: 2 overdue');
    expect(overdue?.text).toMatch(/Main inspection overdue \(due on \d+ \w+ \d{4}\)/);
    expect(overdue?.text).toMatch(/Defect “Notruf prüfen”: deadline \d+ \w+ \d{4} passed/);
    expect(overdue?.text).not.toContain('Türkontakt');
    const [admin] = mailsTo(DEMO_EMAILS.admin, before);
    expect(admin?.subject).toBe('Prüfungen und Mängelfristen: 2 überfällig');
    expect(admin?.text).toContain('Mangel „Notruf prüfen“: Frist am');
    expect(admin?.text).toContain('abgelaufen');

    // Overdue is told once too, and the fixed defect never.
    const after = smtp.received.length;
    expect(await run(later(40))).toBe(0);
    expect(smtp.received.length).toBe(after);
  });

  it('mail again for a new due day, and one entry by its own subject', async () => {
    // A new main inspection 23 months and 20 days ago: the next one is due in 10 days again (new key).
    const nextDue = addDays(today, 50);
    const [main] = await t.app.db
      .insert(inspections)
      .values({
        liftId: lift.id,
        inspectedOn: addMonths(nextDue, -24),
        kind: 'main',
        body: 'DEKRA',
        result: 'none',
      })
      .returning({ id: inspections.id });
    expect(main).toBeDefined();
    const before = smtp.received.length;
    // 40 days on the new day is 10 days ahead; the open defect was told overdue before.
    expect(await run(later(40))).toBeGreaterThan(0);
    const [mail, ...more] = mailsTo('kunde@reminders.test', before);
    expect(more).toHaveLength(0);
    expect(mail?.subject).toMatch(
      new RegExp(`^Main inspection due: lift T-${lift.imei} on \\d+ \\w+ \\d{4}$`),
    );
    const [german] = mailsTo(DEMO_EMAILS.admin, before);
    expect(german?.subject).toMatch(new RegExp(`^Hauptprüfung fällig: Aufzug T-${lift.imei} am `));
  });
});
