import type { I18n } from '@lingui/core';
import { projectsApi } from '../../../contract/api/projects';
import type { Project } from '../../../contract/schemas/project';
import { send } from '../../data/api/http';
import { reportSaveError } from '../../ui/form-errors';

/**
 * The project's offer PDF (`GET /projects/{id}/offer.pdf`, in the user's language): opened in a
 * new tab to view, or saved. The tab is opened at the click, before the PDF arrives, so that no
 * popup blocker stops it; where none opens, the PDF is saved instead.
 */
export async function openOfferPdf(project: Project, i18n: I18n, mode: 'view' | 'download'): Promise<void> {
  const tab = mode === 'view' ? window.open('', '_blank') : null;
  try {
    const response = await send(projectsApi.offerPdf, {
      params: { id: project.id },
      query: { lang: i18n.locale.startsWith('de') ? 'de' : 'en' },
    });
    const blob = await response.blob();
    const url = URL.createObjectURL(new Blob([blob], { type: 'application/pdf' }));
    if (tab) {
      tab.location.href = url;
    } else {
      const link = document.createElement('a');
      link.href = url;
      link.download = `${project.offer?.number ?? project.project.name}.pdf`;
      link.click();
    }
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  } catch (error) {
    tab?.close();
    reportSaveError(error, i18n);
  }
}
