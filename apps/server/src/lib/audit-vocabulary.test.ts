import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { AUDIT_ACTIONS, AUDIT_ENTITIES } from '@kita/shared';
import { translate } from '@kita/shared/i18n';

/**
 * One audit vocabulary: lib/audit.ts is the only code that writes audit_log rows (staff, parent and
 * system writes alike), so every row carries an action of AUDIT_ACTIONS, and the audit viewer has a
 * word for each action and record kind in German and English.
 */
const src = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function serverFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
    const p = path.join(dir, d.name);
    if (d.isDirectory()) return serverFiles(p);
    return /\.ts$/.test(d.name) && !/\.test\.ts$/.test(d.name) ? [p] : [];
  });
}

describe('audit vocabulary', () => {
  it('no server code but lib/audit.ts writes audit rows', () => {
    const writers = serverFiles(src)
      .filter((f) => /insert\(\s*auditLog\s*\)|insert\s+into\s+"?audit_log"?/i.test(readFileSync(f, 'utf8')))
      .map((f) => path.relative(src, f));
    expect(writers).toEqual(['lib/audit.ts']);
  });

  it('the viewer words every action and record kind in German and English', () => {
    for (const lang of ['de', 'en'] as const) {
      for (const a of AUDIT_ACTIONS) expect(translate(lang, `audit.actions.${a}`), `${lang} ${a}`).not.toBe(`audit.actions.${a}`);
      for (const e of AUDIT_ENTITIES) expect(translate(lang, `audit.entities.${e}`), `${lang} ${e}`).not.toBe(`audit.entities.${e}`);
    }
  });
});
