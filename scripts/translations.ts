/**
 * Catalogues for translators (docs/translations.md).
 *
 *   npm run translations -- export [dir]          writes <dir>/<lang>.json for every language (default: translations/)
 *   npm run translations -- import <file.json>    checks <lang>.json against German and rewrites
 *                                                 packages/shared/src/i18n/<lang>/<namespace>.ts
 *
 * The JSON is i18next's v4 format (nested keys, CLDR plural suffixes), German (de.json) is the
 * source file. An import with problems writes nothing and lists them.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { LANGUAGES, type Language } from '../packages/shared/src/validation.js';
import { resources } from '../packages/shared/src/i18n/index.js';
import { checkImport, exportCatalog, namespaceSource, type Texts } from '../packages/shared/src/i18n/transfer.js';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const catalogDir = join(root, 'packages/shared/src/i18n');
/** Namespaces a family language does not list in its index.ts (staff screens stay German and English). */
const STAFF_NAMESPACES = new Set(['kitas', 'categories', 'groups', 'users', 'events', 'registration']);

function exportAll(dir: string): void {
  mkdirSync(dir, { recursive: true });
  for (const lang of LANGUAGES) {
    const file = join(dir, `${lang}.json`);
    writeFileSync(file, `${JSON.stringify(exportCatalog(resources[lang]), null, 2)}\n`);
    console.log(`wrote ${file}`);
  }
}

function importFile(file: string): number {
  const lang = basename(file, '.json') as Language;
  if (!LANGUAGES.includes(lang)) {
    console.error(`${file}: the file name must be a language code (${LANGUAGES.join(', ')}).json`);
    return 1;
  }
  const texts = JSON.parse(readFileSync(file, 'utf8')) as unknown;
  const problems = checkImport(lang, texts, resources.de);
  if (problems.length > 0 || lang === 'de') {
    console.error(`${file}: not imported, ${problems.length} problem(s):\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    return 1;
  }
  for (const [namespace, value] of Object.entries(texts as Texts)) {
    if (typeof value === 'string') continue;
    if (lang !== 'en' && STAFF_NAMESPACES.has(namespace)) {
      console.warn(`${namespace}: staff-only, not written for ${lang} (staff screens stay German and English)`);
      continue;
    }
    const current = (resources[lang] as Record<string, unknown>)[namespace];
    // Unchanged namespaces keep their files (and their comments) as they are.
    if (current !== undefined && JSON.stringify(exportCatalog(current)) === JSON.stringify(value)) continue;
    const target = join(catalogDir, lang, `${namespace}.ts`);
    writeFileSync(target, namespaceSource(lang as Exclude<Language, 'de'>, namespace, value));
    console.log(`wrote ${target}`);
  }
  console.log('Run `npm run typecheck` and `npx vitest run packages/shared/src/i18n` to check the result.');
  return 0;
}

const [command, arg] = process.argv.slice(2);
if (command === 'export') exportAll(resolve(arg ?? 'translations'));
else if (command === 'import' && arg) process.exitCode = importFile(resolve(arg));
else {
  console.error('usage: npm run translations -- export [dir] | import <lang>.json');
  process.exitCode = 2;
}
