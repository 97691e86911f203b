import type { Description } from '../../../contract/schemas/description';
import type { DescriptionRow } from '../../db/schema/descriptions';

/** The API view of a catalogue row, as the REST routes and sync pull answer it. */
export function toDescription(row: DescriptionRow): Description {
  return {
    id: row.id,
    number: row.number,
    name: row.name,
    nameDE: row.nameDE,
    type: row.type,
    content: row.content,
    contentDE: row.contentDE,
    text: row.text,
    textDE: row.textDE,
    version: row.version,
    updatedAt: row.updatedAt.toISOString(),
  };
}
