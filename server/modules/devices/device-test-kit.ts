import { randomBytes } from 'node:crypto';
import { defaultParameters } from '../../../contract/parameters';
import type { Database } from '../../db/client';
import { lifts, liftUsers } from '../../db/schema/lifts';
import { hashDeviceKey } from '../lifts/lifts.repository';

let counter = 0;

/** A fresh IMEI in a range nobody else uses (tests and the simulator's own lifts). */
export function testImei(prefix = '35999'): string {
  counter += 1;
  const tail = `${Date.now() % 1e6}${process.pid % 100}${counter}`.padStart(10, '0').slice(-10);
  return `${prefix}${tail}`.slice(0, 15);
}

/** A lift with a controller key, inserted directly; for tests, benchmarks and the simulator. */
export async function insertLiftWithKey(
  db: Database,
  options: { imei?: string; customers?: string[]; servicemen?: string[]; maxTrips?: number } = {},
): Promise<{ id: string; imei: string; key: string }> {
  const imei = options.imei ?? testImei();
  const key = randomBytes(24).toString('base64url');
  const [row] = await db
    .insert(lifts)
    .values({
      uid: `T-${imei}`,
      address: `Teststraße ${imei.slice(-3)}, Berlin`,
      imei,
      parameters: defaultParameters(),
      deviceKeyHash: hashDeviceKey(key),
      maxTrips: options.maxTrips ?? 0,
    })
    .returning({ id: lifts.id });
  if (!row) throw new Error('lift not inserted');
  const assigned = [
    ...(options.customers ?? []).map((userId) => ({ liftId: row.id, userId, kind: 'customer' as const })),
    ...(options.servicemen ?? []).map((userId) => ({ liftId: row.id, userId, kind: 'serviceman' as const })),
  ];
  if (assigned.length > 0) await db.insert(liftUsers).values(assigned);
  return { id: row.id, imei, key };
}
