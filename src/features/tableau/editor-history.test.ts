import { describe, expect, it } from 'vitest';
import type { TemplateLayout } from '../../../contract/schemas/tableau';
import {
  commitStep,
  emptyHistory,
  HISTORY_LIMIT,
  type History,
  isDirty,
  loadedHistory,
  redoStep,
  savedStep,
  undoStep,
} from './editor-history';

const base: TemplateLayout = {
  version: 1,
  widthMm: 300,
  heightMm: 1200,
  background: '#c8ccd0',
  elements: [],
};
const moved =
  (x: number) =>
  (current: TemplateLayout): TemplateLayout => ({ ...current, widthMm: x });

describe('editor history', () => {
  it('a commit is one step: undo goes back, redo forward, and dirty follows the saved layout', () => {
    let history = loadedHistory(base);
    expect(isDirty(history)).toBe(false);
    history = commitStep(history, moved(310));
    history = commitStep(history, moved(320));
    expect(history.present?.widthMm).toBe(320);
    expect(history.past).toHaveLength(2);
    expect(isDirty(history)).toBe(true);

    history = undoStep(history);
    expect(history.present?.widthMm).toBe(310);
    history = undoStep(history);
    expect(history.present).toBe(base);
    // Back at the loaded layout: nothing to save.
    expect(isDirty(history)).toBe(false);
    expect(history.future.map((layout) => layout.widthMm)).toEqual([310, 320]);

    history = redoStep(history);
    history = redoStep(history);
    expect(history.present?.widthMm).toBe(320);
    expect(history.future).toEqual([]);
    expect(isDirty(history)).toBe(true);

    history = savedStep(history);
    expect(isDirty(history)).toBe(false);
    history = undoStep(history);
    expect(isDirty(history)).toBe(true);
  });

  it('a new commit after undo drops the redo steps', () => {
    let history = commitStep(commitStep(loadedHistory(base), moved(310)), moved(320));
    history = undoStep(history);
    history = commitStep(history, moved(400));
    expect(history.future).toEqual([]);
    expect(history.past.map((layout) => layout.widthMm)).toEqual([300, 310]);
    expect(redoStep(history)).toBe(history);
  });

  it('undo and redo at either end, an unchanged layout and an empty editor change nothing', () => {
    const loaded = loadedHistory(base);
    expect(undoStep(loaded)).toBe(loaded);
    expect(redoStep(loaded)).toBe(loaded);
    expect(commitStep(loaded, (current) => current)).toBe(loaded);
    const empty: History = emptyHistory;
    expect(commitStep(empty, moved(1))).toBe(empty);
    expect(isDirty(empty)).toBe(false);
  });

  it(`keeps the last ${HISTORY_LIMIT} steps`, () => {
    let history = loadedHistory(base);
    for (let step = 1; step <= HISTORY_LIMIT + 5; step += 1) history = commitStep(history, moved(300 + step));
    expect(history.past).toHaveLength(HISTORY_LIMIT);
    expect(history.past[0]?.widthMm).toBe(305);
    while (history.past.length > 0) history = undoStep(history);
    expect(history.present?.widthMm).toBe(305);
    // The loaded layout fell out of the history: the editor stays dirty.
    expect(isDirty(history)).toBe(true);
  });
});
