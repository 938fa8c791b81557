import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { LANGUAGES, type Language } from '../validation.js';
import { resources } from './index.js';
import { checkImport, exportCatalog, namespaceSource, type Texts } from './transfer.js';

const here = dirname(fileURLToPath(import.meta.url));
// Beside the catalogues, so the written files import '../types.js' as the real ones do.
const scratch = mkdtempSync(join(here, '.roundtrip-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const translated = LANGUAGES.filter((lang): lang is Exclude<Language, 'de'> => lang !== 'de');
/** What a translation tool hands back: the exported JSON, as text. */
const asJson = (lang: Language) => JSON.parse(JSON.stringify(exportCatalog(resources[lang]), null, 2)) as Texts;

describe('export / import of the catalogues (JSON, i18next v4)', () => {
  for (const lang of translated) {
    it(`${lang}: exported JSON imports without problems and its .ts files load as the same texts`, async () => {
      const json = asJson(lang);
      expect(checkImport(lang, json, resources.de)).toEqual([]);
      const dir = join(scratch, lang);
      rmSync(dir, { recursive: true, force: true });
      mkdirSync(dir);
      for (const [namespace, texts] of Object.entries(json)) {
        const file = join(dir, `${namespace}.ts`);
        writeFileSync(file, namespaceSource(lang, namespace, texts as Texts));
        const loaded = (await import(file)) as Record<string, unknown>;
        expect(loaded[namespace], `${lang}/${namespace}`).toEqual((resources[lang] as Record<string, unknown>)[namespace]);
      }
    });
  }

  it('refuses unknown keys, missing texts, missing plural forms and changed placeholders', () => {
    const json = asJson('ru');
    const preference = json.preference as Texts;
    delete preference.sought_few;
    preference.greeting = 'Здравствуйте, {{nam}},';
    delete preference.title;
    preference.extra = 'x';
    (json.results as Texts).history = { ...((json.results as Texts).history as Texts), title_two: 'x' };
    expect(checkImport('ru', json, resources.de).sort()).toEqual(
      [
        'preference.extra: German has no such text',
        'preference.greeting: placeholders {{nam}} differ from German\'s {{name}}',
        'preference.sought_few: missing (plural form of ru)',
        'preference.title: missing',
        'results.history.title_two: German has no such text',
      ].sort(),
    );
  });

  it('refuses a plural form the language does not have, and German as an import', () => {
    const json = asJson('tr');
    (json.preference as Texts).sought_few = '{{count}} çocuk';
    expect(checkImport('tr', json, resources.de)).toEqual(['preference.sought_few: tr has no plural form "few"']);
    expect(checkImport('de', asJson('de'), resources.de)).toHaveLength(1);
  });

  it('writes texts with quotes, backslashes and line breaks so they load unchanged', async () => {
    const texts: Texts = { a: "Kita's \\ \"x\"\nnext", nested: { 'key-with-dash': 'ok' } };
    const file = join(scratch, 'quoting.ts');
    writeFileSync(file, namespaceSource('tr', 'quoting', texts).replace("FamilyNamespace<'tr', 'quoting'>", 'unknown'));
    expect(((await import(file)) as { quoting: unknown }).quoting).toEqual(texts);
  });
});
