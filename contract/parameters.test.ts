import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { defaultParameters, LiftParametersSchema, PARAMETER_FORMATS, PARAMETER_KEYS } from './parameters';

describe('lift parameters', () => {
  it('default every key of every group to 0', () => {
    const parameters = defaultParameters();
    for (const key of PARAMETER_KEYS.general) expect(parameters.general[key]).toBe(0);
    for (const zone of ['Z0', 'Z1'] as const) {
      for (const key of PARAMETER_KEYS.stop) expect(parameters.stops[zone][key]).toBe(0);
    }
    for (const key of PARAMETER_KEYS.door) expect(parameters.door[key]).toBe(0);
  });

  it('keep given values and fill the rest', () => {
    const parameters = v.parse(LiftParametersSchema, {
      general: { anzahlHaltestellen: 6 },
      door: { tueroeffnungszeit: 2.5 },
    });
    expect(parameters.general.anzahlHaltestellen).toBe(6);
    expect(parameters.general.nennlast).toBe(0);
    expect(parameters.door.tueroeffnungszeit).toBe(2.5);
  });

  it('refuse fractions where a count is expected, values out of range and text', () => {
    for (const bad of [
      { general: { anzahlHaltestellen: 2.5 } },
      { general: { nenngeschwindigkeit: -1 } },
      { stops: { Z1: { buendigkorrektur: 51 } } },
      { door: { lichtgitterAktiv: 2 } },
      { door: { tuerschliesszeit: '3' } },
    ]) {
      expect(v.safeParse(LiftParametersSchema, bad).success, JSON.stringify(bad)).toBe(false);
    }
  });
});

describe('parameter formats', () => {
  it('show decimals exactly where the schema takes fractions', () => {
    const groups = [
      ['general', PARAMETER_KEYS.general, PARAMETER_FORMATS.general],
      ['stop', PARAMETER_KEYS.stop, PARAMETER_FORMATS.stop],
      ['door', PARAMETER_KEYS.door, PARAMETER_FORMATS.door],
    ] as const;
    for (const [group, keys, formats] of groups) {
      for (const key of keys) {
        const format = (formats as Record<string, { decimals: number }>)[key];
        const values = group === 'stop' ? { stops: { Z0: { [key]: 0.5 } } } : { [group]: { [key]: 0.5 } };
        const takesFractions = v.safeParse(LiftParametersSchema, values).success;
        expect(format?.decimals !== 0, `${group}.${key}`).toBe(takesFractions);
      }
    }
  });
});
