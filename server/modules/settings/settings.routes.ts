import type { FastifyPluginAsync } from 'fastify';
import { type SettingsDocument, settingsApi } from '../../../contract/api/settings';
import { MSG } from '../../../contract/messages';
import { DEFAULT_SETTINGS } from '../../../contract/settings';
import { checkSettingsText } from '../../../contract/settings-check';
import { SETTINGS_MSG } from '../../../contract/settings-messages';
import { HttpError } from '../../lib/http-error';
import { currentUser } from '../../plugins/auth';
import { createSettingsRepository } from './settings.repository';

/** The JSON settings document (docs/settings.md): read, write, versions, restore. */
export const settingsRoutes: FastifyPluginAsync = async (app) => {
  const repository = createSettingsRepository(app.db);

  const document = async (): Promise<SettingsDocument> => {
    const newest = await repository.newest();
    return {
      data: newest?.data ?? `${JSON.stringify(DEFAULT_SETTINGS, null, 2)}\n`,
      settings: app.settings.current(),
      versionId: newest?.id ?? null,
      updatedAt: newest?.createdAt ?? null,
      updatedBy: newest?.createdBy ?? null,
    };
  };

  app.serve(settingsApi.read, async () => document());

  /**
   * Puts the stored newest version in force. A new low-SIM share changes the SIM volume status of
   * lifts with a card: they take a new sync position (same version), so mirrors pull them again.
   */
  const applyNewest = async () => {
    const before = app.settings.current().sims.lowVolumePercent;
    await app.settings.reload();
    if (app.settings.current().sims.lowVolumePercent !== before) await repository.resendLiftsWithSims();
  };

  app.serve(settingsApi.write, async (request, reply) => {
    const checked = checkSettingsText(request.body.data);
    if (!checked.ok) {
      // The problems say where (line, column, key); the stored document is left as it was.
      const message =
        checked.kind === 'syntax'
          ? SETTINGS_MSG.settingsNotJson
          : checked.kind === 'tooDeep'
            ? MSG.settingsTooDeep
            : SETTINGS_MSG.settingsInvalid;
      return reply.code(400).send({
        message,
        fieldErrors: { data: message },
        problems: checked.problems.map(({ from: _offset, ...problem }) => problem),
      });
    }
    await repository.insert(request.body.data, currentUser(request).id);
    await applyNewest();
    return document();
  });

  app.serve(settingsApi.versions, async () => ({ versions: await repository.list() }));

  app.serve(settingsApi.restore, async (request) => {
    const version = await repository.find(request.body.versionId);
    if (!version) throw new HttpError(404, SETTINGS_MSG.settingsVersionNotFound);
    await repository.insert(version.data, currentUser(request).id, version.id);
    await applyNewest();
    return document();
  });
};
