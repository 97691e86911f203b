import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/server/helpers/app';

describe('GET /api/config', () => {
  let t: TestApp | undefined;
  afterEach(() => t?.close());

  it('answers the design editor link without sign-in', async () => {
    t = await createTestApp({ DESIGN_EDITOR_URL: 'https://designer.example.com/editor' });

    const response = await t.app.inject({ method: 'GET', url: '/api/config' });

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ designEditorUrl: 'https://designer.example.com/editor' });
  });

  it('answers an empty link when none is configured', async () => {
    t = await createTestApp();

    const response = await t.app.inject({ method: 'GET', url: '/api/config' });

    expect(response.json()).toEqual({ designEditorUrl: '' });
  });
});
