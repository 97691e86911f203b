import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { MSG } from '../messages';
import { LiftInputSchema, simVolumeStatus } from './lift';

describe('SIM volume status', () => {
  const ICCID = '89882280000000000001';

  it('is "no SIM" only for a lift without a card', () => {
    expect(simVolumeStatus(null, null, 20)).toBe('noSim');
    expect(simVolumeStatus(null, { quotaBytes: 1000, usedBytes: 0 }, 20)).toBe('noSim');
  });

  it('is unknown for a card whose quota is not known yet', () => {
    expect(simVolumeStatus(ICCID, null, 20)).toBe('unknown');
    expect(simVolumeStatus(ICCID, { quotaBytes: 0, usedBytes: 0 }, 20)).toBe('unknown');
  });

  it('counts an empty card as low', () => {
    expect(simVolumeStatus(ICCID, { quotaBytes: 1000, usedBytes: 1000 }, 20)).toBe('low');
  });

  it('is low below 20 % left and sufficient from 20 % on', () => {
    expect(simVolumeStatus(ICCID, { quotaBytes: 1000, usedBytes: 801 }, 20)).toBe('low');
    expect(simVolumeStatus(ICCID, { quotaBytes: 1000, usedBytes: 800 }, 20)).toBe('sufficient');
    expect(simVolumeStatus(ICCID, { quotaBytes: 1000, usedBytes: 5000 }, 20)).toBe('low');
  });

  it('takes the share from the settings (sims.lowVolumePercent)', () => {
    expect(simVolumeStatus(ICCID, { quotaBytes: 1000, usedBytes: 750 }, 30)).toBe('low');
    expect(simVolumeStatus(ICCID, { quotaBytes: 1000, usedBytes: 700 }, 30)).toBe('sufficient');
    expect(simVolumeStatus(ICCID, { quotaBytes: 1000, usedBytes: 900 }, 5)).toBe('sufficient');
  });
});

describe('lift input', () => {
  const valid = {
    uid: 'A-1001',
    address: 'Hauptstraße 1, 10115 Berlin',
    imei: '356938035643809',
    customers: ['5c2d0a8e-7c1b-4d35-9f3e-2b7e4c1d9a01'],
  };

  it('fills defaults for what a new lift leaves out', () => {
    const lift = v.parse(LiftInputSchema, valid);
    expect(lift).toMatchObject({ iccid: null, servicemen: [], maxTrips: 0, maxOperatingHours: 0 });
    expect(lift.parameters.general.anzahlHaltestellen).toBe(0);
  });

  it('names the field and the spec text of each rule', () => {
    const messageOf = (input: object) =>
      v.safeParse(LiftInputSchema, { ...valid, ...input }).issues?.[0]?.message;
    expect(messageOf({ address: '  ' })).toBe(MSG.addressRequired);
    expect(messageOf({ uid: '' })).toBe(MSG.liftIdRequired);
    expect(messageOf({ customers: [] })).toBe(MSG.atLeastOneCustomer);
    expect(messageOf({ imei: '12345' })).toBe(MSG.invalidImei);
  });
});
