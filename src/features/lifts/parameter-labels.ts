import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { DoorParameters, GeneralParameters, StopParameters } from '../../../contract/parameters';

/**
 * What each controller parameter of contract/parameters.ts is called on screen. Typed by the
 * contract's keys, so a new parameter fails the type check until it has a label here.
 */
export const PARAMETER_LABELS: {
  general: Record<keyof GeneralParameters, MessageDescriptor>;
  stop: Record<keyof StopParameters, MessageDescriptor>;
  door: Record<keyof DoorParameters, MessageDescriptor>;
} = {
  general: {
    anzahlHaltestellen: msg`Number of stops`,
    nenngeschwindigkeit: msg`Rated speed`,
    nennlast: msg`Rated load`,
    beschleunigung: msg`Acceleration`,
    verzoegerung: msg`Deceleration`,
    fahrzeitueberwachung: msg`Travel time monitoring`,
    parkhaltestelle: msg`Parking stop`,
    parkverzoegerung: msg`Delay before parking`,
    brandfallhaltestelle: msg`Fire recall stop`,
    nachregulierung: msg`Re-levelling`,
  },
  stop: {
    freigabe: msg`Stop served`,
    rufsperre: msg`Landing calls locked`,
    buendigkorrektur: msg`Levelling correction`,
    tuerOeffnen: msg`Open the door on arrival`,
  },
  door: {
    tueroeffnungszeit: msg`Door opening time`,
    tuerschliesszeit: msg`Door closing time`,
    tuerOffenhaltezeit: msg`Door dwell time`,
    lichtgitterAktiv: msg`Light curtain active`,
    reversierversuche: msg`Closing attempts before a fault`,
    tuerueberwachungszeit: msg`Door monitoring time`,
  },
};
