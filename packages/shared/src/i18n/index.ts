import { carePeriodParts } from '../care-days.js';
import type { Language } from '../validation.js';
import { de } from './de/index.js';
import { en } from './en/index.js';
import { tr } from './tr/index.js';
import { uk } from './uk/index.js';
import { ar } from './ar/index.js';
import { pl } from './pl/index.js';
import { ru } from './ru/index.js';
import { pluralKey } from './plural.js';

export type { Catalog } from './types.js';
export const resources = { de, en, tr, uk, ar, pl, ru } as const;
export { pluralKey, pluralCategory } from './plural.js';
export type Resources = typeof de;
export const DEFAULT_LANGUAGE: Language = 'de';

/** The dotted paths of a catalog's texts (`errors.NOT_FOUND`, `results.release.notFound`). */
type Paths<T> = { [K in keyof T & string]: T[K] extends string ? K : `${K}.${Paths<T[K]>}` }[keyof T & string];
/** A key `translate` accepts: a text of the catalogs, checked at compile time as the web's t() is. */
export type MessageKey = Paths<Resources>;
/** The keys below one namespace (`MessageKeyIn<'results'>` = 'tier.high' | …). */
export type MessageKeyIn<N extends keyof Resources> = Paths<Resources[N]>;

/**
 * Looks up a dotted key (`errors.NOT_FOUND`) and fills `{{name}}` placeholders. Used by the
 * server for e-mails, SMS, PDFs and error bodies; the web uses i18next over the same catalogs.
 */
export function translate(lang: Language, key: MessageKey, vars: Record<string, string | number> = {}): string {
  const pick = (root: unknown, path: string): string | undefined => {
    let node: unknown = root;
    for (const part of path.split('.')) {
      if (node && typeof node === 'object' && part in node) node = (node as Record<string, unknown>)[part];
      else return undefined;
    }
    return typeof node === 'string' ? node : undefined;
  };
  // A `count` picks the language's plural form (`key_one`, `key_few`, …) as i18next does on the web.
  const inLang = (l: Language) => {
    const root = resources[l];
    const path = typeof vars.count === 'number' ? pluralKey(l, key, vars.count, (c) => pick(root, c) !== undefined) : key;
    return pick(root, path);
  };
  const text = inLang(lang) ?? inLang('de') ?? key;
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => String(vars[name] ?? ''));
}

/** "am Mi, 25.11." / "vom Mi, 25.11. bis Fr, 27.11." (en: "on Wed, 25 Nov" / "from … to …"): see care-days.ts. */
export function formatCarePeriod(lang: Language, eventDate: Date | string, expireDate: Date | string, timeZone: string): string {
  const { key, vars } = carePeriodParts(lang, eventDate, expireDate, timeZone);
  return translate(lang, key, vars);
}
