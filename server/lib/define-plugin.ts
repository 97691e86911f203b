import type { FastifyInstance, FastifyPluginAsync, FastifyPluginOptions } from 'fastify';

/**
 * Marks a plugin so Fastify does not encapsulate it: its decorators, hooks and handlers apply to
 * the app that registers it. This is what `fastify-plugin` does (Fastify's documented
 * `skip-override` symbol), without its version check or another dependency.
 */
export function definePlugin<Options extends FastifyPluginOptions = Record<never, never>>(
  name: string,
  plugin: (app: FastifyInstance, options: Options) => Promise<void>,
): FastifyPluginAsync<Options> {
  return Object.assign(plugin, {
    [Symbol.for('skip-override')]: true,
    [Symbol.for('fastify.display-name')]: name,
  });
}
