import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/results';

/** Someone a reminder goes to (active accounts only). */
export interface ReminderRecipient {
  id: string;
  email: string;
  /** `settings.language`; null: the default. */
  language: string | null;
}

/** The recipients and claims of the inspection reminders (docs/inspections.md#reminders). */
export function createInspectionRemindersRepository(db: Database) {
  return {
    /**
     * The admins, and per lift its customers (customer and customer admin accounts linked to it)
     * with the customer admins of their companies, who see the lift too (docs/access.md).
     */
    async recipients(
      liftIds: readonly string[],
    ): Promise<{ admins: ReminderRecipient[]; customers: Map<string, ReminderRecipient[]> }> {
      const admins = rowsOf<ReminderRecipient>(
        await db.execute(sql`select u.id::text as id, u.email, u.settings->>'language' as language
          from users u where u.status = 'active' and u.role = 'admin' order by u.email`),
      );
      const customers = new Map<string, ReminderRecipient[]>();
      if (liftIds.length === 0) return { admins, customers };
      const ids = sql`array[${sql.join(
        liftIds.map((id) => sql`${id}::uuid`),
        sql`, `,
      )}]`;
      const rows = rowsOf<ReminderRecipient & { lift_id: string }>(
        await db.execute(sql`
          select lu.lift_id::text as lift_id, u.id::text as id, u.email, u.settings->>'language' as language
            from lift_users lu join users u on u.id = lu.user_id
            where lu.lift_id = any(${ids}) and lu.kind = 'customer' and u.status = 'active'
              and u.role in ('customer', 'customer_admin')
          union
          select lu.lift_id::text, ca.id::text, ca.email, ca.settings->>'language'
            from lift_users lu
            join users c on c.id = lu.user_id
            join users ca on ca.company_id = c.company_id and ca.role = 'customer_admin'
            where lu.lift_id = any(${ids}) and lu.kind = 'customer' and c.company_id is not null
              and ca.status = 'active'
          order by 1, 3`),
      );
      for (const { lift_id, ...person } of rows)
        customers.set(lift_id, [...(customers.get(lift_id) ?? []), person]);
      return { admins, customers };
    },

    /**
     * Claims each (entry key, stage) once; answers the claims this call made as `key|stage`. The
     * primary key decides between runs: a second process's insert waits for the first's commit and
     * then claims nothing.
     */
    async claim(
      reminders: readonly { key: string; stage: string; liftId: string; dueOn: string }[],
    ): Promise<Set<string>> {
      if (reminders.length === 0) return new Set();
      const result = await db.execute(sql`
        insert into inspection_reminders (key, stage, lift_id, due_on)
        select key, stage, lift_id, due_on
        from jsonb_to_recordset(${JSON.stringify(
          reminders.map((r) => ({ key: r.key, stage: r.stage, lift_id: r.liftId, due_on: r.dueOn })),
        )}::jsonb) as r(key text, stage text, lift_id uuid, due_on text)
        on conflict do nothing
        returning key, stage`);
      return new Set(rowsOf<{ key: string; stage: string }>(result).map((row) => `${row.key}|${row.stage}`));
    },
  };
}
