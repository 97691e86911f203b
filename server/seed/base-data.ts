import type { BaseCategory } from '../../contract/schemas/base';
import type { Database } from '../db/client';
import { createBaseRepository } from '../modules/base/base.repository';

/** The lists a new portal starts with; admins change them on /apps/base. */
const STARTING_ENTRIES: Record<BaseCategory, [key: string, de: string, en: string][]> = {
  liftManufacturer: [
    ['schindler', 'Schindler', 'Schindler'],
    ['kone', 'KONE', 'KONE'],
    ['otis', 'Otis', 'Otis'],
    ['tk', 'TK Elevator', 'TK Elevator'],
  ],
  driveType: [
    ['traction', 'Seil (Treibscheibe)', 'Traction'],
    ['mrl', 'Seil ohne Triebwerksraum', 'Machine-room-less'],
    ['hydraulic', 'Hydraulik', 'Hydraulic'],
  ],
  doorType: [
    ['center', 'Mittig öffnend', 'Centre opening'],
    ['side', 'Seitlich öffnend', 'Side opening'],
    ['swing', 'Drehtür', 'Swing door'],
  ],
  buildingType: [
    ['residential', 'Wohngebäude', 'Residential'],
    ['office', 'Bürogebäude', 'Office'],
    ['hospital', 'Krankenhaus', 'Hospital'],
  ],
  cableType: [
    ['flat', 'Flachkabel', 'Flat cable'],
    ['round', 'Rundkabel', 'Round cable'],
  ],
  sparePart: [
    ['door-roller', 'Türrolle', 'Door roller'],
    ['guide-shoe', 'Führungsschuh', 'Guide shoe'],
    ['push-button', 'Taster', 'Push button'],
    ['light-curtain', 'Lichtgitter', 'Light curtain'],
    ['brake-pad', 'Bremsbelag', 'Brake pad'],
  ],
};

/**
 * Fills an empty table once, in every mode (production and tests included, not only the demo):
 * the portal's forms need these lists. Never touches the table again; two processes starting
 * together insert each key once (the insert skips a key already there).
 */
export async function seedBaseData(db: Database): Promise<void> {
  const repository = createBaseRepository(db);
  if ((await repository.count()) > 0) return;
  for (const [category, entries] of Object.entries(STARTING_ENTRIES)) {
    let sort = 0;
    for (const [key, labelDe, labelEn] of entries) {
      await repository.insert({ category, key, labelDe, labelEn, sort: sort++, active: true });
    }
  }
}
