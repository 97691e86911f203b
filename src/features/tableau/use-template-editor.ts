import { useLingui } from '@lingui/react/macro';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { tableauApi } from '../../../contract/api/tableau';
import type { LayoutElement, Resource } from '../../../contract/schemas/tableau';
import { useApiQuery } from '../../data/api/use-api';
import { useApiMutation } from '../../data/api/use-api-mutation';
import { useDirtyForm } from '../../data/dirty-forms';
import { reportSaveError, useWarnOnLoadFailure } from '../../ui/form-errors';
import { showToast } from '../../ui/toaster';
import { resourceElement, shapeElement, textElement } from './editor-elements';
import { useEditorHistory } from './editor-history';

/**
 * The template editor's state and commands (docs/tableau.md): the template with its layout under
 * undo and redo, the library beside it, the selection, grid and zoom, the bill of materials, and
 * the save (layout, then a PNG preview that `preview` draws). Unsaved changes hold back an update
 * of the app (src/data/dirty-forms.ts).
 */
export function useTemplateEditor(templateId: string) {
  const { t, i18n } = useLingui();
  const template = useApiQuery(tableauApi.template, { params: { id: templateId } });
  const resources = useApiQuery(tableauApi.resources, {});
  const articles = useApiQuery(tableauApi.subfolders, { query: {} });
  const bom = useApiQuery(tableauApi.templateBom, { params: { id: templateId }, query: {} });
  const failure = [template, resources, articles, bom].find((query) => query.status === 'failed');
  useWarnOnLoadFailure(failure?.status === 'failed' ? failure.error : null);
  const update = useApiMutation(tableauApi.updateTemplate);
  const uploadPreview = useApiMutation(tableauApi.templatePreview, { reloads: [bom] });
  const history = useEditorHistory();
  const layout = history.present;
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [grid, setGrid] = useState<number>(1);
  const [zoom, setZoom] = useState(1);
  const [saving, setSaving] = useState(false);
  useDirtyForm(history.dirty);

  // The layout as loaded starts the history, once per template: a saved answer does not.
  const loaded = template.data;
  const started = useRef<string | null>(null);
  const { reset } = history;
  useEffect(() => {
    if (!loaded || started.current === loaded.id) return;
    started.current = loaded.id;
    reset(loaded.data);
  }, [loaded, reset]);

  const resourceList = resources.data?.resources;
  const resourceById = useMemo(
    () => new Map((resourceList ?? []).map((resource) => [resource.id, resource])),
    [resourceList],
  );

  const { commit } = history;
  const change = useCallback(
    (id: string, patch: Partial<LayoutElement>) =>
      commit((current) => ({
        ...current,
        elements: current.elements.map((element) =>
          element.id === id ? ({ ...element, ...patch } as LayoutElement) : element,
        ),
      })),
    [commit],
  );

  const addElement = (element: LayoutElement) => {
    commit((current) => ({ ...current, elements: [...current.elements, element] }));
    setSelectedId(element.id);
  };
  const removeSelected = () => {
    if (!selectedId) return;
    commit((current) => ({
      ...current,
      elements: current.elements.filter((element) => element.id !== selectedId),
    }));
    setSelectedId(null);
  };

  /** Saves the layout as it stands now; `preview` draws the panel for the template list. */
  async function save(preview: () => Promise<Blob>) {
    const current = template.data;
    if (!current || !layout) return;
    setSaving(true);
    try {
      const saved = await update.mutate({
        params: { id: current.id },
        body: { name: current.name, description: current.description, type: current.type, data: layout },
      });
      const form = new FormData();
      form.set('file', await preview(), 'preview.png');
      await uploadPreview.mutate({ params: { id: current.id }, body: form });
      template.setData(() => saved);
      // What was sent is saved; a change made while it was on its way is not.
      history.markSaved(layout);
      showToast('success', t`Template saved`);
    } catch (error) {
      reportSaveError(error, i18n);
    } finally {
      setSaving(false);
    }
  }

  return {
    template: template.data,
    failure: template.status === 'failed' && !template.data ? template.error : null,
    resources: resourceList ?? [],
    resourceById,
    articles: articles.data?.subfolders ?? [],
    bom,
    history,
    layout,
    selected: layout?.elements.find((element) => element.id === selectedId) ?? null,
    selectedId,
    select: setSelectedId,
    grid,
    setGrid,
    zoom,
    zoomIn: () => setZoom((z) => Math.min(8, z * 1.25)),
    zoomOut: () => setZoom((z) => Math.max(0.25, z / 1.25)),
    saving,
    save,
    change,
    removeSelected,
    addResource: (resource: Resource, at?: { x: number; y: number }) =>
      layout && addElement(resourceElement(layout, resource, grid, at)),
    addText: () => layout && addElement(textElement(layout, t`Engraving`, grid)),
    addShape: () => layout && addElement(shapeElement(layout, grid)),
  };
}

export type TemplateEditor = ReturnType<typeof useTemplateEditor>;
