import { describe, expect, it } from 'vitest';
import { liftIdFromScan, liftPagePath } from './lift-link';

const ID = '3f2b8c1e-9a4d-4e6f-8b7a-1c2d3e4f5a6b';

describe('liftIdFromScan', () => {
  it('reads the sticker’s link, whatever its host', () => {
    expect(liftIdFromScan(`http://localhost:3000${liftPagePath(ID)}`)).toBe(ID);
    expect(liftIdFromScan(`https://portal.example.com/apps/lift/lifts/${ID.toUpperCase()}/dev-1?x=1\n`)).toBe(
      ID,
    );
  });

  it('takes a bare lift id', () => {
    expect(liftIdFromScan(` ${ID} `)).toBe(ID);
  });

  it('refuses what is no lift’s code', () => {
    for (const text of [
      '',
      'hello',
      'A-17',
      'https://example.com/',
      'https://example.com/apps/lift/lifts/',
      'https://example.com/apps/lift/lifts/not-an-id',
      `javascript:alert(1)//apps/lift/lifts/${ID}`,
      `ftp://host/apps/lift/lifts/${ID}`,
      `https://example.com/apps/alarms/${ID}`,
    ])
      expect(liftIdFromScan(text), text).toBeNull();
  });
});
