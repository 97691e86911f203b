import { useLingui } from '@lingui/react/macro';
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

  const save = async () => {
    const { draft } = drafts;
    if (!project || !draft) return;
    try {
      const saved = await update.mutate({
        params: { id: project.id },
        body: { baseVersion: project.version, project: draftUpdate(draft, staff) },
      });
      drafts.sent(draft);
      query.setData(() => saved);
      showToast('success', t`Saved successfully`);
    } catch (error) {
      reportSaveError(error, i18n);
    }
  };

  const move = async (state: ProjectState) => {
    if (!project) return;
    const moved = await moveProject(project, state, i18n);
    if (moved) query.setData(() => moved);
    else query.reload();
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
    saving: update.pending,
    save,
    move,
  };
}
