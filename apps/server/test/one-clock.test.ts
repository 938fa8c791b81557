import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * One clock: the repository's ESLint configuration refuses a new `Date.now()`,
 * `new Date()` or `Date()` in the server's code, where every time decision reads the injectable
 * app clock (lib/clock.ts), and accepts dates built from a value, the clock module itself, and tests
 * (which set the clock). Lint runs on source text placed at a path inside the tree; no file is written.
 */
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
let eslint: ESLint;
beforeAll(() => {
  eslint = new ESLint({ cwd: repoRoot });
});

async function restricted(file: string, code: string): Promise<number> {
  const [result] = await eslint.lintText(code, { filePath: path.join(repoRoot, file) });
  return result!.messages.filter((m) => m.ruleId === 'no-restricted-syntax').length;
}

describe('one clock on the server', { timeout: 120_000 }, () => {
  it('refuses reading the system clock in server code', async () => {
    const file = 'apps/server/src/modules/events/fixture.ts';
    expect(await restricted(file, 'export const expired = (at: number) => at < Date.now();\n')).toBe(1);
    expect(await restricted(file, 'export const stamp = () => new Date().toISOString();\n')).toBe(1);
    expect(await restricted(file, 'export const stamp = () => Date();\n')).toBe(1);
    expect(await restricted(file, 'export const now = Date.now;\n')).toBe(1);
    expect(await restricted('apps/server/src/jobs/fixture.ts', 'export const later = () => new Date(Date.now() + 1000);\n')).toBe(1);
  });

  it('accepts dates built from a value, the clock module, and tests', async () => {
    expect(await restricted('apps/server/src/modules/events/fixture.ts', "export const d = (iso: string) => new Date(iso);\nexport const t0 = performance.now();\n")).toBe(0);
    expect(await restricted('apps/server/src/lib/clock.ts', 'export const systemClock = { now: () => new Date() };\n')).toBe(0);
    expect(await restricted('apps/server/src/modules/events/fixture.test.ts', 'export const now = new Date(Date.now());\n')).toBe(0);
  });
});
