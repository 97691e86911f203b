import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../../contract/messages';
import type { Project } from '../../../contract/schemas/project';
import { createTestApp, type TestApp } from '../../../tests/server/helpers/app';

// The bounds of an item (contract/schemas/project.ts), written out: the test says what they are.
const MAX_ITEMS = 500;
const MAX_QUANTITY = 10_000;
const MAX_UNIT_PRICE_CENTS = 1_000_000_000;

let t: TestApp;
let customerId: string;
beforeAll(async () => {
  t = await createTestApp();
  customerId = (await t.signInAs('customer')).user.id;
});
afterAll(async () => {
  await t.close();
});

const items = (quantity: number, unitPriceCents: number) =>
  Array.from({ length: MAX_ITEMS }, (_, index) => ({ text: `Item ${index}`, quantity, unitPriceCents }));

const register = async (project: object) =>
  t.app.inject({
    method: 'POST',
    url: '/api/projects/register',
    headers: await t.authHeaders('admin'),
    payload: { project: { name: 'Large', ...project }, userId: customerId },
  });

/** The exact sum, in integers that cannot overflow. */
const exactTotal = (lines: readonly { quantity: number; unitPriceCents: number }[]) =>
  lines.reduce((sum, line) => sum + BigInt(line.quantity) * BigInt(line.unitPriceCents), 0n);

describe('project totals stay exact', () => {
  it('refuses a quantity whose total could pass 2^53 cents, on the field', async () => {
    const lines = items(100_000, MAX_UNIT_PRICE_CENTS);
    expect(exactTotal(lines) > BigInt(Number.MAX_SAFE_INTEGER)).toBe(true);
    const refused = await register({ items: lines });
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json()).toMatchObject({
      fieldErrors: { 'project.items.0.quantity': MSG.itemQuantityTooLarge },
    });
    const one = await register({ items: [{ text: 'Panel', quantity: MAX_QUANTITY + 1, unitPriceCents: 1 }] });
    expect(one.statusCode, one.body).toBe(400);
    expect(one.json()).toMatchObject({
      fieldErrors: { 'project.items.0.quantity': MSG.itemQuantityTooLarge },
    });
  });

  it('refuses a unit price above the bound, on the field', async () => {
    const refused = await register({
      items: [{ text: 'Panel', quantity: 1, unitPriceCents: MAX_UNIT_PRICE_CENTS + 1 }],
    });
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json()).toMatchObject({
      fieldErrors: { 'project.items.0.unitPriceCents': MSG.itemPriceTooLarge },
    });
  });

  it('sums the allowed maxima exactly, on register and on update', async () => {
    // Odd prices, so that a rounded sum would show in the last digits.
    const lines = items(MAX_QUANTITY, MAX_UNIT_PRICE_CENTS).map((line, index) => ({
      ...line,
      unitPriceCents: line.unitPriceCents - (index % 7),
    }));
    expect(exactTotal(lines) <= BigInt(Number.MAX_SAFE_INTEGER)).toBe(true);
    const created = await register({ items: lines });
    expect(created.statusCode, created.body).toBe(201);
    const project = created.json<Project>();
    expect(BigInt(project.project.totalCents)).toBe(exactTotal(lines));

    const changed = lines.map((line, index) => ({ ...line, quantity: MAX_QUANTITY - (index % 3) }));
    const updated = await t.app.inject({
      method: 'PUT',
      url: `/api/projects/${project.id}`,
      headers: await t.authHeaders('admin'),
      payload: { project: { items: changed } },
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(BigInt(updated.json<Project>().project.totalCents)).toBe(exactTotal(changed));
  });
});
