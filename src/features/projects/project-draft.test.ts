import { describe, expect, it } from 'vitest';
import type { Project } from '../../../contract/schemas/project';
import { centsOf, draftTotalCents, draftUpdate, parsedItems, projectDraft } from './project-draft';

const project = {
  id: 'p1',
  version: 3,
  project: {
    items: [
      { articleId: 'a1', text: 'Taster', quantity: 5, unitPriceCents: 24_500 },
      { text: 'Tableau', quantity: 1, unitPriceCents: 185_000 },
    ],
    templateIds: ['t1'],
    cables: [{ liftId: 'new-0', status: 'pending' }],
    notes: 'Bitte bis Mai',
  },
} as unknown as Project;

describe('project draft', () => {
  it('writes prices as the user types them, with a decimal comma in German', () => {
    expect(projectDraft(project, 'de').items.map((item) => item.price)).toEqual(['245,00', '1850,00']);
    expect(projectDraft(project, 'en').items[0]).toEqual({
      articleId: 'a1',
      text: 'Taster',
      quantity: '5',
      price: '245.00',
    });
    expect(projectDraft(project, 'de').cables).toEqual({ 'new-0': 'pending' });
  });

  it('reads typed euros either way and sums the items, none while one is not a number', () => {
    expect(centsOf('12,50', 'de')).toBe(1250);
    expect(centsOf('12.5', 'de')).toBe(1250);
    expect(centsOf('1.250,50', 'de')).toBe(125_050);
    expect(centsOf('1,250.50', 'en')).toBe(125_050);
    const { items } = projectDraft(project, 'de');
    expect(draftTotalCents(items, 'de')).toBe(5 * 24_500 + 185_000);
    expect(
      draftTotalCents([...items, { articleId: '', text: 'x', quantity: '1', price: 'zwölf' }], 'de'),
    ).toBeNull();
    expect(parsedItems(items, 'de')[1]).toEqual({ text: 'Tableau', quantity: 1, unitPriceCents: 185_000 });
  });

  it('sends the whole draft for staff and only the notes for a customer', () => {
    const draft = projectDraft(project, 'de');
    expect(draftUpdate(draft, false, 'de')).toEqual({ notes: 'Bitte bis Mai' });
    expect(draftUpdate(draft, true, 'de')).toMatchObject({
      templateIds: ['t1'],
      cables: [{ liftId: 'new-0', status: 'pending' }],
      notes: 'Bitte bis Mai',
    });
  });
});
