import { randomBytes } from 'node:crypto';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * The dependency direction of eslint.boundaries.js is enforced: the repository's own ESLint
 * configuration reports a forbidden import and an import cycle, and accepts an allowed import.
 * Lint runs on source text placed at a path inside the tree (no file is changed), except for the
 * cycle, which needs two files on disk (written to a temporary folder and removed again).
 */
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

type Graph = Record<string, string[]>;
let boundaries: { serverModules: Graph; webFeatures: Graph; findCycle(graph: Graph): string[] | null };
let eslint: ESLint;

beforeAll(async () => {
  boundaries = (await import(pathToFileURL(path.join(repoRoot, 'eslint.boundaries.js')).href)) as typeof boundaries;
  eslint = new ESLint({ cwd: repoRoot });
});

// The first lint of each side resolves that side's whole import graph with type information: a
// few seconds on a quiet machine, past vitest's 30 s when the browser tests run beside it on 2 cores.
const LINT_TIMEOUT = { timeout: 120_000 };

/** The rule ids ESLint reports for `code` as if it were the file at `file` (repository-relative). */
async function ruleIds(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(repoRoot, file) });
  return result!.messages.map((m) => m.ruleId ?? m.message);
}

describe('server boundaries', LINT_TIMEOUT, () => {
  it('refuses lib importing a module', async () => {
    expect(await ruleIds('apps/server/src/lib/fixture.ts', "export { describeOutcome } from '../modules/allocation/reasons.js';\n")).toEqual([
      'import-x/no-restricted-paths',
    ]);
  });

  it('refuses lib importing plugins, and notify importing a module', async () => {
    expect(await ruleIds('apps/server/src/lib/fixture.ts', "export { authPlugin } from '../plugins/auth.js';\n")).toEqual(['import-x/no-restricted-paths']);
    expect(await ruleIds('apps/server/src/notify/fixture.ts', "export { findEvent } from '../modules/events/queries.js';\n")).toEqual([
      'import-x/no-restricted-paths',
    ]);
  });

  it('keeps the allocation rule away from the database', async () => {
    expect(await ruleIds('apps/server/src/modules/allocation/fixture.ts', "export { events } from '../../db/schema.js';\n")).toEqual([
      'import-x/no-restricted-paths',
    ]);
  });

  it('refuses a module importing another outside its allowlist, and accepts an allowed one', async () => {
    // events sits below results: the reverse import would make a folder cycle.
    expect(await ruleIds('apps/server/src/modules/events/fixture.ts', "export { closeEvent } from '../results/close.js';\n")).toEqual([
      'import-x/no-restricted-paths',
    ]);
    expect(await ruleIds('apps/server/src/modules/preferences/fixture.ts', "export { findEvent } from '../events/queries.js';\n")).toEqual([]);
  });

  it('refuses an import cycle', async () => {
    const dir = path.join(repoRoot, 'apps/server/src/modules/allocation', `cycle-fixture-${randomBytes(4).toString('hex')}`);
    mkdirSync(dir);
    try {
      writeFileSync(path.join(dir, 'a.ts'), "import { b } from './b.js';\nexport const a = () => b();\n");
      writeFileSync(path.join(dir, 'b.ts'), "import { a } from './a.js';\nexport const b = (): unknown => a;\n");
      const [result] = await eslint.lintFiles([path.join(dir, 'a.ts')]);
      expect(result!.messages.map((m) => m.ruleId)).toEqual(['import-x/no-cycle']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('web boundaries', LINT_TIMEOUT, () => {
  it('refuses a feature importing the app shell', async () => {
    expect(await ruleIds('apps/web/src/features/kitas/fixture.ts', "export { router } from '@/app/router';\n")).toEqual(['import-x/no-restricted-paths']);
  });

  it('refuses components/ and lib/ importing a feature', async () => {
    expect(await ruleIds('apps/web/src/components/fixture.ts', "export { useKitas } from '@/features/kitas/queries';\n")).toEqual([
      'import-x/no-restricted-paths',
    ]);
    expect(await ruleIds('apps/web/src/lib/fixture.ts', "export { useKitas } from '@/features/kitas/queries';\n")).toEqual(['import-x/no-restricted-paths']);
  });

  it('refuses a feature importing another outside its allowlist, and accepts an allowed one', async () => {
    expect(await ruleIds('apps/web/src/features/children/fixture.ts', "export { useParents } from '@/features/parents/queries';\n")).toEqual([
      'import-x/no-restricted-paths',
    ]);
    expect(await ruleIds('apps/web/src/features/users/fixture.ts', "export { useKitas } from '@/features/kitas/queries';\n")).toEqual([]);
  });
});

describe('web calls only through the typed client', LINT_TIMEOUT, () => {
  const file = 'apps/web/src/features/kitas/fixture.ts';
  const head = "import { apiRoutes } from '@kita/shared/api/routes';\nimport { call } from '@/lib/api';\n";

  it('accepts a call of a route of the shared table', async () => {
    expect(await ruleIds(file, `${head}export const list = () => call(apiRoutes.kitas.list);\n`)).toEqual([]);
  });

  it('refuses a written-out API path, a route object of its own, and a fetch of its own', async () => {
    // The fixtures import more than each one uses; only the rule that guards the calls counts here.
    const refused = async (code: string) => (await ruleIds(file, head + code)).filter((id) => id !== '@typescript-eslint/no-unused-vars');
    expect(await refused('export const p = (id: string) => `api/kitas/${id}`;\n')).toEqual(['no-restricted-syntax']);
    expect(await refused("export const p = '/api/kitas';\n")).toEqual(['no-restricted-syntax']);
    expect(await refused("export const l = () => call({ method: 'GET', path: '/kitas' });\n")).toEqual(['no-restricted-syntax']);
    expect(await refused('export const l = () => fetch(apiRoutes.kitas.list.path);\n')).toEqual(['no-restricted-globals']);
  });

  it('imports the contracts (zod) as types only', async () => {
    expect(await ruleIds(file, "import { kitasApi } from '@kita/shared/api';\nexport const k = kitasApi;\n")).toEqual([
      '@typescript-eslint/no-restricted-imports',
    ]);
    expect(await ruleIds(file, "import type { kitasApi } from '@kita/shared/api';\nexport type K = typeof kitasApi;\n")).toEqual([]);
  });
});

describe('declared allowlists', () => {
  it('have no cycle between server modules or between web features', () => {
    expect(boundaries.findCycle(boundaries.serverModules)).toBeNull();
    expect(boundaries.findCycle(boundaries.webFeatures)).toBeNull();
  });

  it('name only folders that exist', async () => {
    const { readdirSync } = await import('node:fs');
    const dirs = (p: string) => readdirSync(path.join(repoRoot, p), { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name).sort();
    expect(Object.keys(boundaries.serverModules).sort()).toEqual(dirs('apps/server/src/modules'));
    expect(Object.keys(boundaries.webFeatures).sort()).toEqual(dirs('apps/web/src/features'));
    for (const graph of [boundaries.serverModules, boundaries.webFeatures]) {
      for (const allowed of Object.values(graph)) for (const m of allowed) expect(graph).toHaveProperty(m);
    }
  });

  it('a cycle is found when one is declared', () => {
    expect(boundaries.findCycle({ a: ['b'], b: ['c'], c: ['a'] })).toEqual(['a', 'b', 'c', 'a']);
  });
});
