import type { FastifyPluginAsync } from 'fastify';
import { systemApi } from '../../../contract/api/system';
import type { Config } from '../../config';

export interface ConfigRoutesOptions {
  config: Config;
}

/** Public settings the browser needs before sign-in; never anything secret. */
export const configRoutes: FastifyPluginAsync<ConfigRoutesOptions> = async (app, { config }) => {
  app.serve(systemApi.config, () => ({ designEditorUrl: config.designEditorUrl }));
};
