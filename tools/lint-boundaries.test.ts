import { fileURLToPath } from 'node:url';
import { cruise, type ICruiseResult, type IViolation } from 'dependency-cruiser';
import extractDepcruiseConfig from 'dependency-cruiser/config-utl/extract-depcruise-config';
import extractTSConfig from 'dependency-cruiser/config-utl/extract-ts-config';
import { describe, expect, it } from 'vitest';

/**
 * The import boundaries of `npm run lint` (.dependency-cruiser.cjs) bite: run over a fixture tree
 * (tools/lint-fixtures/boundaries, see its README) they report each forbidden import by its rule
 * and leave the allowed ones alone.
 */
const rulesFile = fileURLToPath(new URL('../.dependency-cruiser.cjs', import.meta.url));
const tsConfigFile = fileURLToPath(new URL('../tsconfig.json', import.meta.url));
const fixtureDir = fileURLToPath(new URL('./lint-fixtures/boundaries', import.meta.url));

async function cruiseFixture(): Promise<IViolation[]> {
  const config = await extractDepcruiseConfig(rulesFile);
  const result = await cruise(
    ['contract', 'server', 'src', 'sw'],
    {
      ...config.options,
      ruleSet: config,
      validate: true,
      // Paths in the rules are relative to the base directory, as they are to the repository root.
      baseDir: fixtureDir,
      tsConfig: { fileName: tsConfigFile },
      outputType: 'json',
    },
    {},
    { tsConfig: extractTSConfig(tsConfigFile) },
  );
  const output = result.output as ICruiseResult | string;
  const parsed: ICruiseResult = typeof output === 'string' ? JSON.parse(output) : output;
  return parsed.summary.violations;
}

describe('import boundaries (dependency-cruiser)', () => {
  it('reports the forbidden imports of the fixture by rule, and only those', async () => {
    const violations = await cruiseFixture();
    const found = violations.map(({ rule, from, to }) => `${rule.name}: ${from} -> ${to}`).sort();

    expect(found).toEqual(
      [
        'feature-not-to-other-feature: src/features/a/a.ts -> src/features/b/b.ts',
        // A type-only import counts as much as a value import.
        'feature-not-to-other-feature: src/features/b/b.ts -> src/features/a/a.ts',
        'server-not-to-web: server/x.ts -> src/y.ts',
        'web-not-to-server: src/z.ts -> server/x.ts',
        'shared-not-to-features-or-app: src/data/store.ts -> src/features/a/a.ts',
        'feature-not-to-app: src/features/b/b-shell.ts -> src/app/shell.ts',
        'sw-only-to-contract: sw/sw.ts -> src/y.ts',
        'contract-only-to-itself: contract/bad.ts -> server/x.ts',
        // A cycle is told once, from where the cruise met it first.
        'no-circular: server/modules/c/c1.ts -> server/modules/c/c2.ts',
        'no-circular: src/features/a/a.ts -> src/features/b/b.ts',
        'realtime-and-plugins-not-to-modules: server/plugins/p.ts -> server/modules/m/m.ts',
        'realtime-and-plugins-not-to-modules: server/realtime/r.ts -> server/modules/m/m.ts',
      ].sort(),
    );
    // The legal imports: inside the own feature, down into the shared src/ui/, the worker to contract/.
    const legal = ['a-part', 'src/ui/', 'contract/c.ts'];
    expect(found.some((line) => legal.some((target) => line.includes(target)))).toBe(false);
    // Every rule of the config is shown to bite.
    const config = await extractDepcruiseConfig(rulesFile);
    expect(new Set(violations.map(({ rule }) => rule.name))).toEqual(
      new Set((config.forbidden ?? []).map((rule) => rule.name)),
    );
    expect(violations.every((violation) => violation.rule.severity === 'error')).toBe(true);
  }, 30_000);
});
