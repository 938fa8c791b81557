/**
 * Export and import of the catalogues for translators (scripts/translations.ts, docs/translations.md):
 * one JSON file per language in i18next's JSON v4 format (nested keys, plural suffixes such as
 * `_few`), which translation tools (Weblate, Crowdin, Lokalise, Poedit's JSON support) read and write
 * with German as the source file. An import is checked against German before it writes the
 * language's .ts files: unknown keys, missing texts, missing plural forms and changed placeholders
 * are refused with a list of problems, and nothing is written.
 */
import type { Language } from '../validation.js';
import { isStaffOnlyKey } from './staff-parts.js';

export interface Texts {
  [key: string]: string | Texts;
}

const PLURAL = /_(zero|one|two|few|many|other)$/;

/** key → text for every leaf ("preference.sought_one" → "…"). */
export function flatten(node: unknown, path: string[] = [], out = new Map<string, string>()): Map<string, string> {
  if (typeof node === 'string') out.set(path.join('.'), node);
  else if (node && typeof node === 'object') for (const [k, v] of Object.entries(node)) flatten(v, [...path, k], out);
  return out;
}

/** A catalogue as plain JSON-ready texts (a deep copy; only strings and objects). */
export function exportCatalog(catalog: unknown): Texts {
  return JSON.parse(JSON.stringify(catalog)) as Texts;
}

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort().join(',');

/**
 * Checks a translated file against the German source: the problems (empty: the file may be
 * written). German itself is the source and is not imported; English must have every text, a
 * family language every text a family can meet.
 */
export function checkImport(lang: Language, texts: unknown, german: unknown): string[] {
  if (lang === 'de') return ['German is the source language: edit packages/shared/src/i18n/de/*.ts directly.'];
  const problems: string[] = [];
  const source = flatten(german);
  const own = new Map<string, string>();
  const walk = (node: unknown, path: string[]) => {
    if (typeof node === 'string') own.set(path.join('.'), node);
    else if (node && typeof node === 'object' && !Array.isArray(node)) for (const [k, v] of Object.entries(node)) walk(v, [...path, k]);
    else problems.push(`${path.join('.') || '(file)'}: not a text (${node === null ? 'null' : Array.isArray(node) ? 'array' : typeof node})`);
  };
  walk(texts, []);
  const forms = new Set(new Intl.PluralRules(lang).resolvedOptions().pluralCategories);
  const family = lang !== 'en';
  for (const [key, text] of own) {
    const base = PLURAL.test(key) ? key.replace(PLURAL, '_other') : key;
    const german = source.get(key) ?? (PLURAL.test(key) ? source.get(base) : undefined);
    if (german === undefined) {
      problems.push(`${key}: German has no such text`);
      continue;
    }
    if (PLURAL.test(key) && !forms.has(PLURAL.exec(key)![1] as Intl.LDMLPluralRule)) problems.push(`${key}: ${lang} has no plural form "${PLURAL.exec(key)![1]}"`);
    // A plural form may say its number in words ("طفل واحد"), so only {{count}} may be left out there.
    const strip = (list: string) => (PLURAL.test(key) ? list.split(',').filter((n) => n && n !== 'count').join(',') : list);
    if (strip(placeholders(text)) !== strip(placeholders(german))) problems.push(`${key}: placeholders {{${placeholders(text)}}} differ from German's {{${placeholders(german)}}}`);
  }
  for (const key of source.keys()) {
    if (family && isStaffOnlyKey(key)) continue;
    if (!PLURAL.test(key)) {
      if (!own.has(key)) problems.push(`${key}: missing`);
    } else if (key.endsWith('_other')) {
      const base = key.slice(0, -'_other'.length);
      for (const form of family ? forms : ['one', 'other']) if (!own.has(`${base}_${form}`)) problems.push(`${base}_${form}: missing (plural form of ${lang})`);
    }
  }
  return problems;
}

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;
const quote = (text: string) => `'${text.replace(/\\/g, '\\\\').replace(/'/g, "\\'").replace(/\r/g, '\\r').replace(/\n/g, '\\n')}'`;

function objectSource(node: Texts, indent: string): string {
  const lines = Object.entries(node).map(([key, value]) => {
    const name = IDENTIFIER.test(key) ? key : quote(key);
    return typeof value === 'string' ? `${indent}  ${name}: ${quote(value)},` : `${indent}  ${name}: ${objectSource(value, `${indent}  `)},`;
  });
  return `{\n${lines.join('\n')}\n${indent}}`;
}

/** The .ts file of one namespace of a language, typed as the hand-written ones are. */
export function namespaceSource(lang: Exclude<Language, 'de'>, namespace: string, texts: Texts): string {
  const body = objectSource(texts, '');
  if (lang === 'en') {
    return `import type { Catalog } from '../types.js';\nimport type { ${namespace} as de } from '../de/${namespace}.js';\n\nexport const ${namespace}: Catalog<typeof de> = ${body};\n`;
  }
  return `import type { FamilyNamespace } from '../types.js';\n\nexport const ${namespace}: FamilyNamespace<'${lang}', '${namespace}'> = ${body};\n`;
}
