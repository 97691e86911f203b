import type { FastifyPluginAsync } from 'fastify';
import { PublicConfigSchema } from '../../../contract/schemas/system';
import type { Config } from '../../config';
import type { ValibotTypeProvider } from '../../plugins/validation';

export interface ConfigRoutesOptions {
  config: Config;
}

/** Public settings the browser needs before sign-in; never anything secret. */
export const configRoutes: FastifyPluginAsync<ConfigRoutesOptions> = async (base, { config }) => {
  const app = base.withTypeProvider<ValibotTypeProvider>();

  app.get('/config', { schema: { tags: ['system'], response: { 200: PublicConfigSchema } } }, async () => ({
    designEditorUrl: config.designEditorUrl,
  }));
};
