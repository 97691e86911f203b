import createCache from '@emotion/cache';
import { type Interpolation, serializeStyles } from '@emotion/serialize';
import { type AliasOptions, type Plugin, runnerImport } from 'vite';

/** Where the app's Chakra system is made (its `_global` is what ChakraProvider would render). */
const SYSTEM_MODULE = '/src/ui/system.ts';
const CHAKRA_SYSTEM_FILE = /[\\/]@chakra-ui[\\/]react[\\/]dist[\\/]esm[\\/]styled-system[\\/]system\.js$/;
/** The line of Chakra's `createSystem` that works out the reset, global and token CSS eagerly. */
const EAGER_GLOBAL_CSS = 'const _global = [getPreflightCss(), getGlobalCss(), getTokenCss()];';

interface GlobalCssSystem {
  layers: { atRule: string };
  _global: Interpolation<unknown>[];
}

/**
 * Chakra's reset, global and token CSS made at build time, as a `<style>` in index.html, instead
 * of in every visitor's browser: `createSystem` works it out eagerly and ChakraProvider's emotion
 * `Global` serialises it through stylis in the first render, ~130 ms of the sign-in page's script
 * at 4x slower CPU (docs/performance.md#chakras-global-css-at-build-time).
 *
 * The CSS is what emotion would insert for the same system: the system is loaded in Node
 * through Vite (so `alias` must resolve its imports as the app's build does) and each part
 * serialised by emotion's own cache. In the build, `createSystem` is changed to leave `_global`
 * empty, so ChakraProvider inserts nothing twice; the dev server and tests keep Chakra unchanged.
 * A Chakra version whose `createSystem` reads differently fails the build here, not the page.
 */
export function chakraGlobalCss({ alias }: { alias: AliasOptions }): Plugin {
  let root = process.cwd();
  let css: Promise<string> | undefined;
  return {
    name: 'lift-portal:chakra-global-css',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    transform: {
      filter: { id: CHAKRA_SYSTEM_FILE },
      handler(code) {
        if (!code.includes(EAGER_GLOBAL_CSS)) {
          throw new Error(
            `Chakra's createSystem no longer reads "${EAGER_GLOBAL_CSS}": see tools/chakra-global-css.ts`,
          );
        }
        return { code: code.replace(EAGER_GLOBAL_CSS, 'const _global = [];'), map: null };
      },
    },
    transformIndexHtml: {
      order: 'post',
      async handler() {
        css ??= globalCssOf(root, alias);
        return [{ tag: 'style', attrs: { 'data-chakra': 'global' }, children: await css, injectTo: 'head' }];
      },
    },
  };
}

async function globalCssOf(root: string, alias: AliasOptions): Promise<string> {
  const { module } = await runnerImport<{ system: GlobalCssSystem }>(SYSTEM_MODULE, {
    configFile: false,
    root,
    logLevel: 'error',
    resolve: { alias },
  });
  const { system } = module;
  // In Node emotion's cache returns the rules it would insert in a browser (same stylis plugins).
  const cache = createCache({ key: 'css' });
  return [system.layers.atRule, ...system._global]
    .map((styles) => cache.insert('', serializeStyles([styles]), cache.sheet, false) ?? '')
    .join('');
}
