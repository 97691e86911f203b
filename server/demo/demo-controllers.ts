import { asc, eq, isNull } from 'drizzle-orm';
import type { Database } from '../db/client';
import { descriptions } from '../db/schema/descriptions';
import { lifts } from '../db/schema/lifts';
import { newDeviceKey } from '../modules/lifts/lifts.repository';
import { DEMO_LINE_TEST } from './controller-outbox';
import { VirtualController } from './virtual-controller';

export interface DemoControllers {
  readonly controllers: VirtualController[];
  stop(): void;
}

/**
 * Demo mode (docs/architecture.md#seed-and-demo-mode): virtual controllers for the first `count` lifts, started in the server's
 * own process. Their keys are rotated directly in the database; the plaintext stays in memory.
 */
export async function startDemoControllers(
  db: Database,
  url: string,
  count: number,
  { intervalMs = 4000 }: { intervalMs?: number } = {},
): Promise<DemoControllers> {
  const rows = await db
    .select({ id: lifts.id, imei: lifts.imei, trips: lifts.trips, hours: lifts.operatingHours })
    .from(lifts)
    .where(isNull(lifts.deletedAt))
    .orderBy(asc(lifts.uid))
    .limit(count);
  const catalogue = await db
    .select({ number: descriptions.number, type: descriptions.type })
    .from(descriptions)
    .where(isNull(descriptions.deletedAt));
  const codes = {
    errors: catalogue.filter((d) => d.type === 'error').map((d) => d.number),
    infos: catalogue.filter((d) => d.type === 'info').map((d) => d.number),
  };
  const controllers: VirtualController[] = [];
  for (const row of rows) {
    const { deviceKey: key, hash } = newDeviceKey();
    await db.update(lifts).set({ deviceKeyHash: hash }).where(eq(lifts.id, row.id));
    // A fresh seq range per start: a real controller keeps its counter across reboots.
    const controller = new VirtualController({
      imei: row.imei,
      key,
      url,
      codes,
      startSeq: Date.now(),
      lineTest: DEMO_LINE_TEST,
    });
    controller.trips = row.trips;
    controller.operatingHours = row.hours;
    controllers.push(controller);
  }
  for (const [i, controller] of controllers.entries()) {
    controller.connect().catch(() => {}); // socket.io keeps trying
    // Spread the rides so the lifts do not all move in step.
    setTimeout(
      () => controller.start(intervalMs, { flaky: true }),
      (i * intervalMs) / controllers.length,
    ).unref();
  }
  return {
    controllers,
    stop() {
      for (const controller of controllers) controller.close();
    },
  };
}
