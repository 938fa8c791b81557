import type { Language } from '../validation.js';

/**
 * Plural forms by the CLDR rules of each language (Intl.PluralRules), written as i18next's
 * suffixes (`key_zero`, `key_one`, `key_two`, `key_few`, `key_many`, `key_other`), so the server's
 * translate() and the web's i18next read the same catalogue keys. German, English and Turkish have
 * two forms, Polish, Russian and Ukrainian use one/few/many(/other), Arabic all six.
 */
export type PluralCategory = Intl.LDMLPluralRule;

const rules = new Map<Language, Intl.PluralRules>();

/** The CLDR category of `count` in `lang` (cardinal numbers). */
export function pluralCategory(lang: Language, count: number): PluralCategory {
  let r = rules.get(lang);
  if (!r) {
    r = new Intl.PluralRules(lang, { type: 'cardinal' });
    rules.set(lang, r);
  }
  return r.select(count);
}

/**
 * The catalogue key for `count`: `key_<category>`. With `exists` (does a text live under this
 * key?) it picks what i18next would: `key_zero` for exactly 0 when the catalogue has it (any
 * language may say "no children" instead of "0 children"), then the CLDR form, then `key_other`,
 * then the bare key.
 */
export function pluralKey(lang: Language, key: string, count: number, exists?: (candidate: string) => boolean): string {
  const form = `${key}_${pluralCategory(lang, count)}`;
  if (!exists) return form;
  const candidates = [...(count === 0 ? [`${key}_zero`] : []), form, `${key}_other`, key];
  return candidates.find(exists) ?? key;
}
