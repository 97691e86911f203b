import type { BaseCategory } from '../../../contract/schemas/base';
import type { createBaseRepository } from './base.repository';

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
};

/** Fills an empty table once (the first start, tests included); never touches it again. */
export async function seedBaseData(repository: ReturnType<typeof createBaseRepository>): Promise<void> {
  if ((await repository.count()) > 0) return;
  for (const [category, entries] of Object.entries(STARTING_ENTRIES)) {
    let sort = 0;
    for (const [key, labelDe, labelEn] of entries) {
      await repository.insert({ category, key, labelDe, labelEn, sort: sort++, active: true });
    }
  }
}
