import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { projectsApi } from '../../../contract/api/projects';
import type { ProjectState } from '../../../contract/project-transitions';
import type { Project } from '../../../contract/schemas/project';
import { call } from '../../data/api/http';
import { reportSaveError } from '../../ui/form-errors';
import { showToast } from '../../ui/toaster';

/** Moves that ask first, with what they do: sending the offer, and ordering. */
export const CONFIRMED_MOVES: readonly ProjectState[] = ['sentOffer', 'ordered'];

/**
 * A state change (`PUT /projects/{id}` with the new state) with the spec's toast: 'Sent an email!'
 * when the offer went out, the order number when it was ordered, 'Saved successfully' otherwise.
 * Ordering passes `acceptTerms`. Answers the project, or null on failure.
 */
export async function moveProject(
  project: Project,
  state: ProjectState,
  i18n: I18n,
  options: { acceptTerms?: boolean } = {},
): Promise<Project | null> {
  try {
    const moved = await call(projectsApi.update, {
      params: { id: project.id },
      body: {
        project: { state },
        baseVersion: project.version,
        ...(options.acceptTerms ? { acceptTerms: true } : {}),
      },
    });
    const number = moved.order?.number ?? '';
    showToast(
      'success',
      state === 'sentOffer'
        ? i18n._(msg`Sent an email!`)
        : state === 'ordered'
          ? i18n._(msg`Ordered. Your order number is ${number}.`)
          : i18n._(msg`Saved successfully`),
    );
    return moved;
  } catch (error) {
    reportSaveError(error, i18n);
    return null;
  }
}
