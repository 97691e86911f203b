import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../../contract/messages';
import { DEFAULT_SETTINGS } from '../../../contract/settings';
import { checkSettingsText, SETTINGS_MAX_DEPTH } from '../../../contract/settings-check';
import { SETTINGS_MSG } from '../../../contract/settings-messages';
import { createTestApp, type TestApp } from '../../../tests/server/helpers/app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const versions = async () =>
  (
    await t.app.inject({ method: 'GET', url: '/api/json/versions', headers: await t.authHeaders('admin') })
  ).json<{ versions: object[] }>().versions;

const write = async (data: string, role: 'admin' | 'dev' | 'customer_admin' = 'admin') =>
  t.app.inject({
    method: 'POST',
    url: '/api/json/write',
    headers: await t.authHeaders(role),
    payload: { data },
  });

describe('JSON settings', () => {
  it('reads the defaults before the first write', async () => {
    const read = await t.app.inject({
      method: 'GET',
      url: '/api/json/read',
      headers: await t.authHeaders('admin'),
    });
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({ settings: DEFAULT_SETTINGS, versionId: null });
    expect(JSON.parse(read.json<{ data: string }>().data)).toEqual(DEFAULT_SETTINGS);
  });

  it('refuses text that is not JSON with the line and column, and keeps the old document', async () => {
    const refused = await write('{\n  "sims": {\n    "lowVolumePercent": 30,\n  }\n}');
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({
      message: SETTINGS_MSG.settingsNotJson,
      fieldErrors: { data: SETTINGS_MSG.settingsNotJson },
      problems: [
        {
          line: 4,
          column: 3,
          path: '',
          code: 'expectedPropertyName',
          message: 'Expected a double-quoted property name',
        },
      ],
    });
    expect(t.app.settings.current()).toEqual(DEFAULT_SETTINGS);
  });

  it('refuses a document against the schema with the path and where its key is', async () => {
    const refused = await write('{\n  "alarms": {\n    "escalationMinutes": 0\n  }\n}');
    expect(refused.statusCode).toBe(400);
    const body = refused.json<{
      message: string;
      problems: { line: number; column: number; path: string }[];
    }>();
    expect(body.message).toBe(SETTINGS_MSG.settingsInvalid);
    // A code (and its bound) for the browser to say it in the user's language, English beside it.
    expect(body.problems).toEqual([
      {
        line: 3,
        column: 5,
        path: 'alarms.escalationMinutes',
        code: 'tooSmall',
        limit: 1,
        message: 'Must be at least 1',
      },
    ]);
    const wrongType = await write('{"sims": {"lowVolumePercent": "ten"}, "alarms": 5}');
    expect(wrongType.json<{ problems: { path: string; column: number }[] }>().problems).toEqual([
      expect.objectContaining({ path: 'sims.lowVolumePercent', line: 1, column: 11, code: 'notANumber' }),
      expect.objectContaining({ path: 'alarms', code: 'notAnObject', message: 'Must be an object' }),
    ]);
    const fraction = await write('{"maintenance": {"everyMonths": 2.5, "noticeDays": 400}}');
    expect(fraction.json<{ problems: object[] }>().problems).toEqual([
      expect.objectContaining({ path: 'maintenance.everyMonths', code: 'notAWholeNumber' }),
      expect.objectContaining({ path: 'maintenance.noticeDays', code: 'tooLarge', limit: 365 }),
    ]);
    expect(t.app.settings.current()).toEqual(DEFAULT_SETTINGS);
  });

  it('stores a valid write, puts it in force, and keeps every version', async () => {
    const first = await write('{ "sims": { "lowVolumePercent": 30 } }');
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ settings: { sims: { lowVolumePercent: 30, topUpDataMb: 500 } } });
    expect(t.app.settings.current().sims.lowVolumePercent).toBe(30);
    const second = await write('{ "alarms": { "escalationMinutes": 45 } }', 'dev');
    expect(second.statusCode).toBe(200);
    expect(t.app.settings.current()).toMatchObject({
      sims: { lowVolumePercent: 20 },
      alarms: { escalationMinutes: 45 },
    });

    const versions = await t.app.inject({
      method: 'GET',
      url: '/api/json/versions',
      headers: await t.authHeaders('admin'),
    });
    const list = versions.json<{ versions: { id: number; data: string; createdBy: string }[] }>().versions;
    expect(list).toHaveLength(2);
    expect(list[0]?.data).toContain('escalationMinutes');
    expect(list[1]?.createdBy).toBeTruthy();

    // A restore brings the first version back as the newest one.
    const restored = await t.app.inject({
      method: 'POST',
      url: '/api/json/restore',
      headers: await t.authHeaders('admin'),
      payload: { versionId: list[1]?.id },
    });
    expect(restored.statusCode).toBe(200);
    expect(restored.json()).toMatchObject({ settings: { sims: { lowVolumePercent: 30 } } });
    expect(t.app.settings.current().alarms.escalationMinutes).toBe(15);
    const after = await t.app.inject({
      method: 'GET',
      url: '/api/json/versions',
      headers: await t.authHeaders('admin'),
    });
    expect(after.json<{ versions: { restoredFrom: number | null }[] }>().versions[0]?.restoredFrom).toBe(
      list[1]?.id,
    );

    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/json/restore',
      headers: await t.authHeaders('admin'),
      payload: { versionId: 999_999 },
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: SETTINGS_MSG.settingsVersionNotFound });
  });

  it('refuses a document that is not an object, or a section that is an array, as notAnObject', async () => {
    const kept = await write('{ "maintenance": { "noticeDays": 9 } }');
    expect(kept.statusCode, kept.body).toBe(200);
    const before = t.app.settings.current();
    const countBefore = (await versions()).length;

    const array = await write('[]');
    expect(array.statusCode).toBe(400);
    expect(array.json()).toEqual({
      message: SETTINGS_MSG.settingsInvalid,
      fieldErrors: { data: SETTINGS_MSG.settingsInvalid },
      problems: [{ line: 1, column: 1, path: '', code: 'notAnObject', message: 'Must be an object' }],
    });
    for (const text of ['[{ "sims": { "lowVolumePercent": 30 } }]', '5', '"text"', 'null']) {
      const refused = await write(text);
      expect(refused.statusCode, text).toBe(400);
      expect(refused.json<{ problems: object[] }>().problems, text).toEqual([
        expect.objectContaining({ path: '', code: 'notAnObject' }),
      ]);
    }
    const section = await write('{ "sims": [30], "alarms": { "escalationMinutes": 20 } }');
    expect(section.statusCode).toBe(400);
    expect(section.json<{ problems: object[] }>().problems).toEqual([
      expect.objectContaining({ path: 'sims', line: 1, column: 3, code: 'notAnObject' }),
    ]);
    expect(t.app.settings.current()).toEqual(before);
    expect(await versions()).toHaveLength(countBefore);
  });

  it('refuses 20,000 levels of nesting as 400, not a crash, and keeps the old document', async () => {
    const kept = await write('{ "maintenance": { "noticeDays": 11 } }');
    expect(kept.statusCode, kept.body).toBe(200);
    const before = t.app.settings.current();
    const countBefore = (await versions()).length;

    const deepObject = `{ "notes": ${'{"a":'.repeat(20_000)}1${'}'.repeat(20_000)} }`;
    const deepArray = `{ "notes": ${'['.repeat(20_000)}${']'.repeat(20_000)} }`;
    for (const text of [deepObject, deepArray, `${'['.repeat(20_000)}${']'.repeat(20_000)}`]) {
      const refused = await write(text);
      expect(refused.statusCode).toBe(400);
      const body = refused.json<{ message: string; fieldErrors: object; problems: { line: number }[] }>();
      expect(body.message).toBe(MSG.settingsTooDeep);
      expect(body.fieldErrors).toEqual({ data: MSG.settingsTooDeep });
      expect(body.problems).toEqual([expect.objectContaining({ line: 1, code: 'invalid' })]);
    }
    expect(t.app.settings.current()).toEqual(before);
    expect(await versions()).toHaveLength(countBefore);
    // Nesting up to the bound is still read (unknown keys are dropped); one level more is not.
    const nested = (levels: number) => `{ "notes": ${'['.repeat(levels - 1)}${']'.repeat(levels - 1)} }`;
    expect((await write(nested(SETTINGS_MAX_DEPTH + 1))).statusCode).toBe(400);
    expect((await write(nested(SETTINGS_MAX_DEPTH))).statusCode).toBe(200);
  });

  it('is closed to roles below admin', async () => {
    expect((await write('{}', 'customer_admin')).statusCode).toBe(403);
  });

  it('another process picks up a write when it reloads (the poll)', async () => {
    const other = await createTestApp({}, t.database);
    try {
      await write('{ "maintenance": { "noticeDays": 3 } }');
      expect(other.app.settings.current().maintenance.noticeDays).not.toBe(3);
      await other.app.settings.reload();
      expect(other.app.settings.current().maintenance.noticeDays).toBe(3);
    } finally {
      await other.close();
    }
  });
});

describe('checkSettingsText', () => {
  it('points at the end of a cut-off text', () => {
    const checked = checkSettingsText('{ "sims": ');
    expect(checked).toMatchObject({ ok: false, kind: 'syntax', problems: [{ line: 1, column: 11 }] });
  });
  it('says a document nested thousands of levels deep is too deep, without running out of stack', () => {
    const checked = checkSettingsText(`{\n  "a": ${'['.repeat(20_000)}`);
    expect(checked).toMatchObject({
      ok: false,
      kind: 'tooDeep',
      problems: [{ line: 2, column: 8 + SETTINGS_MAX_DEPTH - 1, code: 'invalid' }],
    });
  });
  it('accepts an empty document as the defaults', () => {
    expect(checkSettingsText('{}')).toMatchObject({ ok: true, settings: DEFAULT_SETTINGS });
  });
  it('reads a "__proto__" key as a key, not as settings inherited through the prototype', () => {
    const checked = checkSettingsText('{ "__proto__": { "sims": { "lowVolumePercent": 5 } } }');
    expect(checked.ok && checked.settings.sims).toEqual(DEFAULT_SETTINGS.sims);
  });
});
