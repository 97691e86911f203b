import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { isSimOperation, SIM_OPERATIONS } from '../api/sims';
import { SimOperationRequestSchema, simLevel } from './sim';

describe('simLevel: the 20 % rule of a card (docs/sims.md)', () => {
  it('is sufficient at 20 % or more, low below, empty at nothing, unknown without a quota', () => {
    expect(simLevel(100, 500, 20)).toBe('sufficient');
    expect(simLevel(99.9, 500, 20)).toBe('low');
    expect(simLevel(0, 500, 20)).toBe('empty');
    expect(simLevel(-1, 500, 20)).toBe('empty');
    expect(simLevel(null, 500, 20)).toBeNull();
    expect(simLevel(10, 0, 20)).toBeNull();
  });

  it('is low below the share the settings give (sims.lowVolumePercent)', () => {
    expect(simLevel(100, 500, 25)).toBe('low');
    expect(simLevel(125, 500, 25)).toBe('sufficient');
  });
});

describe('SIM operations', () => {
  it('names each provider operation and the top-up, and nothing else', () => {
    expect(Object.keys(SIM_OPERATIONS)).toEqual([
      'details',
      'status',
      'connectivity',
      'usage',
      'dataQuota',
      'smsQuota',
      'events',
      'reset',
      'sms',
      'requestTopup',
    ]);
    expect(isSimOperation('usage')).toBe(true);
    expect(isSimOperation('toString')).toBe(false);
  });

  it('takes 19 or 20 digit ICCIDs and SMS of at most 160 characters', () => {
    const parse = (body: object) =>
      v.safeParse(SimOperationRequestSchema, { access_token: 't', ...body }).success;
    expect(parse({ iccid: '8988280666000000000' })).toBe(true);
    expect(parse({ iccid: '89882806660000000001' })).toBe(true);
    expect(parse({ iccid: '8988-2806' })).toBe(false);
    expect(parse({ iccid: '8988280666000000000', payload: 'x'.repeat(161) })).toBe(false);
    expect(parse({ iccid: '8988280666000000000', payload: '   ' })).toBe(false);
  });
});
