import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { projectsApi } from '../../../contract/api/projects';
import { tableauApi } from '../../../contract/api/tableau';
import type { ProjectState } from '../../../contract/project-transitions';
import type { Project } from '../../../contract/schemas/project';
import { useApiQuery } from '../../data/api/use-api';
import { useApiMutation } from '../../data/api/use-api-mutation';
import { useServerDraft } from '../../data/api/use-server-draft';
import { useDirtyForm } from '../../data/dirty-forms';
import { useSession } from '../../data/session/session';
import { reportSaveError, useWarnOnLoadFailure } from '../../ui/form-errors';
import { showToast } from '../../ui/toaster';
import { moveProject } from './project-changes';
import { draftUpdate, type ProjectDraft, projectDraft } from './project-draft';

/**
 * The project page's data (docs/projects.md): the project, its draft (src/data/api/use-server-draft.ts:
 * a save or a state move never throws away what was typed), the design library for staff, the
 * save and the state moves. Unsaved edits hold back an update of the app (src/data/dirty-forms.ts).
 */
export function useProjectEditor(projectId: string) {
  const { t, i18n } = useLingui();
  const role = useSession().claims?.role ?? null;
  const staff = role === 'admin' || role === 'dev';
  const query = useApiQuery(projectsApi.get, { params: { id: projectId } });
  useWarnOnLoadFailure(query.status === 'failed' ? query.error : null);
  // The design library is the lift company's: only staff load it (docs/projects.md#design-library).
  const articles = useApiQuery(tableauApi.subfolders, staff ? { query: {} } : null);
  const library = useApiQuery(tableauApi.templates, staff ? {} : null);
  const project = query.data;
  const drafts = useServerDraft(
    project,
    project ? `${project.id}:${project.version}` : null,
    (loaded: Project) => projectDraft(loaded, i18n.locale),
  );
  useDirtyForm(drafts.dirty);
  const update = useApiMutation(projectsApi.update);

  /** Saves the draft; answers the saved project, or null when it failed (and said why). */
  const save = async (): Promise<Project | null> => {
    const { draft } = drafts;
    if (!project || !draft) return null;
    try {
      const saved = await update.mutate({
        params: { id: project.id },
        body: { baseVersion: project.version, project: draftUpdate(draft, staff, i18n.locale) },
      });
      drafts.sent(draft);
      query.setData(() => saved);
      showToast('success', t`Saved successfully`);
      return saved;
    } catch (error) {
      reportSaveError(error, i18n);
      return null;
    }
  };

  const [moving, setMoving] = useState(false);
  const move = async (state: ProjectState, options: { acceptTerms?: boolean } = {}): Promise<boolean> => {
    if (!project) return false;
    setMoving(true);
    try {
      // Sending the offer sends what the page shows: unsaved edits are saved first.
      const base = state === 'sentOffer' && drafts.dirty ? await save() : project;
      if (!base) return false;
      const moved = await moveProject(base, state, i18n, options);
      if (moved) query.setData(() => moved);
      else query.reload();
      return moved !== null;
    } finally {
      setMoving(false);
    }
  };

  return {
    role,
    staff,
    query,
    project,
    draft: drafts.draft,
    edit: (change: (draft: ProjectDraft) => ProjectDraft) => drafts.edit(change),
    articles: articles.data?.subfolders ?? [],
    designs: library.data?.templates ?? [],
    dirty: drafts.dirty,
    saving: update.pending,
    moving,
    save,
    move,
  };
}
