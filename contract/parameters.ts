import * as v from 'valibot';
import { MSG } from './messages';

/**
 * Lift controller parameters in three groups (docs/spec-texts.md#entities), with the German keys a real lift
 * controller's parameter list uses. Every value is a number and defaults to 0; flags are 0 or 1.
 * The bounds protect the controller from typing slips, not from engineering choices.
 */
function parameter(max: number, { min = 0, integer = false } = {}) {
  const number = integer
    ? v.pipe(v.number(MSG.invalidValue), v.integer(MSG.invalidValue))
    : v.pipe(v.number(MSG.invalidValue), v.finite(MSG.invalidValue));
  return v.optional(v.pipe(number, v.minValue(min, MSG.invalidValue), v.maxValue(max, MSG.invalidValue)), 0);
}
const flag = () => parameter(1, { integer: true });

export const GeneralParametersSchema = v.object({
  anzahlHaltestellen: parameter(64, { integer: true }), // number of stops
  nenngeschwindigkeit: parameter(10), // rated speed, m/s
  nennlast: parameter(10_000, { integer: true }), // rated load, kg
  beschleunigung: parameter(5), // acceleration, m/s²
  verzoegerung: parameter(5), // deceleration, m/s²
  fahrzeitueberwachung: parameter(120, { integer: true }), // travel time monitoring, s
  parkhaltestelle: parameter(63, { integer: true }), // parking stop
  parkverzoegerung: parameter(3600, { integer: true }), // delay before parking, s
  brandfallhaltestelle: parameter(63, { integer: true }), // fire recall stop
  nachregulierung: flag(), // re-levelling on or off
});

/** Per-stop parameters of one zone (access side) Z0 or Z1. */
export const StopParametersSchema = v.object({
  freigabe: flag(), // stop served on this access side
  rufsperre: flag(), // landing calls locked
  buendigkorrektur: parameter(50, { min: -50, integer: true }), // levelling correction, mm
  tuerOeffnen: flag(), // open the door on arrival
});

export const DoorParametersSchema = v.object({
  tueroeffnungszeit: parameter(60), // door opening time, s
  tuerschliesszeit: parameter(60), // door closing time, s
  tuerOffenhaltezeit: parameter(300), // dwell time with the door open, s
  lichtgitterAktiv: flag(), // light curtain active
  reversierversuche: parameter(10, { integer: true }), // closing attempts before a fault
  tuerueberwachungszeit: parameter(120, { integer: true }), // door monitoring time, s
});

export const STOP_ZONES = ['Z0', 'Z1'] as const;

export const LiftParametersSchema = v.object({
  general: v.optional(GeneralParametersSchema, {}),
  stops: v.optional(
    v.object({ Z0: v.optional(StopParametersSchema, {}), Z1: v.optional(StopParametersSchema, {}) }),
    {},
  ),
  door: v.optional(DoorParametersSchema, {}),
});
export type LiftParameters = v.InferOutput<typeof LiftParametersSchema>;
export type GeneralParameters = v.InferOutput<typeof GeneralParametersSchema>;
export type StopParameters = v.InferOutput<typeof StopParametersSchema>;
export type DoorParameters = v.InferOutput<typeof DoorParametersSchema>;

/** Keys per group in display order, for forms and tables that list them. */
export const PARAMETER_KEYS = {
  general: Object.keys(GeneralParametersSchema.entries) as (keyof GeneralParameters)[],
  stop: Object.keys(StopParametersSchema.entries) as (keyof StopParameters)[],
  door: Object.keys(DoorParametersSchema.entries) as (keyof DoorParameters)[],
};

/** The unit a parameter is given in (SI symbols, the same in every language); flags and stops have none. */
export type ParameterUnit = 'm/s' | 'm/s²' | 'kg' | 's' | 'mm';

/**
 * How a parameter is written: its unit and the decimals shown (0 for counts and flags, which the
 * schema takes as integers). Screens format with the user's language from this one table; the
 * label of each key is a Lingui message in src/features/lifts/parameter-labels.ts, typed by these keys.
 */
export interface ParameterFormat {
  unit: ParameterUnit | null;
  decimals: number;
}

const count = { unit: null, decimals: 0 } as const;
const seconds = (decimals: number) => ({ unit: 's', decimals }) as const;

export const PARAMETER_FORMATS: {
  general: Record<keyof GeneralParameters, ParameterFormat>;
  stop: Record<keyof StopParameters, ParameterFormat>;
  door: Record<keyof DoorParameters, ParameterFormat>;
} = {
  general: {
    anzahlHaltestellen: count,
    nenngeschwindigkeit: { unit: 'm/s', decimals: 2 },
    nennlast: { unit: 'kg', decimals: 0 },
    beschleunigung: { unit: 'm/s²', decimals: 2 },
    verzoegerung: { unit: 'm/s²', decimals: 2 },
    fahrzeitueberwachung: seconds(0),
    parkhaltestelle: count,
    parkverzoegerung: seconds(0),
    brandfallhaltestelle: count,
    nachregulierung: count,
  },
  stop: {
    freigabe: count,
    rufsperre: count,
    buendigkorrektur: { unit: 'mm', decimals: 0 },
    tuerOeffnen: count,
  },
  door: {
    tueroeffnungszeit: seconds(1),
    tuerschliesszeit: seconds(1),
    tuerOffenhaltezeit: seconds(1),
    lichtgitterAktiv: count,
    reversierversuche: count,
    tuerueberwachungszeit: seconds(0),
  },
};

/** Parameters that are on (1) or off (0). */
export const PARAMETER_FLAGS: readonly string[] = [
  'nachregulierung',
  'freigabe',
  'rufsperre',
  'tuerOeffnen',
  'lichtgitterAktiv',
] satisfies (keyof GeneralParameters | keyof StopParameters | keyof DoorParameters)[];

/** A full parameter set with every value at its default, 0. */
export function defaultParameters(): LiftParameters {
  return v.parse(LiftParametersSchema, {});
}
