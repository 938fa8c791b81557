import { describe, expect, expectTypeOf, it } from 'vitest';
import { LANGUAGES, RTL_LANGUAGES, STAFF_LANGUAGES, LANGUAGE_NAMES, type Language } from '../validation.js';
import { fallbackLanguages, resources, translate } from './index.js';
import type { FamilyNamespace, FamilyLanguage, PluralFormsOf } from './types.js';
import { de } from './de/index.js';
import { ar } from './ar/index.js';
import { ru } from './ru/index.js';
import { tr } from './tr/index.js';
import { isStaffOnlyKey } from './staff-parts.js';

const FAMILY: readonly FamilyLanguage[] = ['tr', 'uk', 'ar', 'pl', 'ru'];
const PLURAL = /_(zero|one|two|few|many|other)$/;

function texts(node: unknown, path: string[] = [], out = new Map<string, string>()): Map<string, string> {
  if (typeof node === 'string') out.set(path.join('.'), node);
  else if (node && typeof node === 'object') for (const [k, v] of Object.entries(node)) texts(v, [...path, k], out);
  return out;
}
const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

describe('the family languages', () => {
  it('are the staff languages plus Turkish, Ukrainian, Arabic, Polish and Russian, each named in itself', () => {
    expect(LANGUAGES).toEqual(['de', 'en', 'tr', 'uk', 'ar', 'pl', 'ru']);
    expect(STAFF_LANGUAGES).toEqual(['de', 'en']);
    expect(RTL_LANGUAGES).toEqual(['ar']);
    expect(LANGUAGE_NAMES).toEqual({ de: 'Deutsch', en: 'English', tr: 'Türkçe', uk: 'Українська', ar: 'العربية', pl: 'Polski', ru: 'Русский' });
    expect(Object.keys(resources).sort()).toEqual([...LANGUAGES].sort());
  });

  const german = texts(de);
  for (const lang of FAMILY) {
    const own = texts(resources[lang]);
    const forms = new Set(new Intl.PluralRules(lang).resolvedOptions().pluralCategories);

    it(`${lang}: has every German text a family can meet, and no key German does not know`, () => {
      const missing = [...german.keys()].filter((key) => !isStaffOnlyKey(key) && !PLURAL.test(key) && !own.has(key));
      expect(missing).toEqual([]);
      const unknown = [...own.keys()].filter((key) => !german.has(key) && !(PLURAL.test(key) && german.has(key.replace(PLURAL, '_other'))));
      expect(unknown).toEqual([]);
    });

    it(`${lang}: every plural text has exactly the forms of its CLDR rules`, () => {
      for (const key of [...german.keys()].filter((k) => k.endsWith('_other') && !isStaffOnlyKey(k))) {
        const base = key.replace(/_other$/, '');
        const present = [...own.keys()].filter((k) => k.startsWith(`${base}_`) && PLURAL.test(k)).map((k) => k.slice(base.length + 1));
        expect(new Set(present), key).toEqual(forms);
      }
    });

    it(`${lang}: fills in the same placeholders as German`, () => {
      const wrong = [...own].filter(([key, text]) => {
        const source = german.get(key) ?? german.get(key.replace(PLURAL, '_other'));
        if (source === undefined) return false;
        // A plural form may say the number in words ("طفل واحد"): only {{count}} may be left out.
        const expected = placeholders(source).filter((name) => !(PLURAL.test(key) && name === 'count'));
        const got = placeholders(text).filter((name) => !(PLURAL.test(key) && name === 'count'));
        return expected.join() !== got.join();
      });
      expect(wrong.map(([key]) => key)).toEqual([]);
    });

    it(`${lang}: a form that covers more than one number names the number`, () => {
      // Russian "one" is also 21 and 101: "1 опрос" must not read the same for 21.
      const rules = new Intl.PluralRules(lang);
      const multi = new Set<string>();
      for (const [cat, n] of [0, 1, 2, 3, 5, 11, 21, 22, 101].map((n) => [rules.select(n), n] as const)) {
        if ([0, 1, 2, 3, 5, 11, 21, 22, 101].filter((m) => rules.select(m) === cat).length > 1 && n >= 0) multi.add(cat);
      }
      const bare = [...own].filter(([key, text]) => {
        const cat = PLURAL.exec(key)?.[1];
        return cat !== undefined && multi.has(cat) && german.get(key.replace(PLURAL, '_other'))?.includes('{{count}}') && !text.includes('{{count}}');
      });
      expect(bare.map(([key]) => key)).toEqual([]);
    });
  }

  it('a text only staff read falls back to English, then German', () => {
    expect(fallbackLanguages('ar')).toEqual(['en', 'de']);
    expect(fallbackLanguages('en')).toEqual(['de']);
    expect(fallbackLanguages('de')).toEqual([]);
    expect(translate('uk', 'kitas.list.title')).toBe(translate('en', 'kitas.list.title'));
    expect(translate('tr', 'preference.result.slot')).toBe('Yer verildi');
  });
});

/** CLDR plural categories of 0, 1, 2, 5, 11, 21, 101, written out so a changed rule or catalogue fails here. */
const EXPECTED: Record<Language, string[]> = {
  de: ['other', 'one', 'other', 'other', 'other', 'other', 'other'],
  en: ['other', 'one', 'other', 'other', 'other', 'other', 'other'],
  tr: ['other', 'one', 'other', 'other', 'other', 'other', 'other'],
  uk: ['many', 'one', 'few', 'many', 'many', 'one', 'one'],
  ru: ['many', 'one', 'few', 'many', 'many', 'one', 'one'],
  pl: ['many', 'one', 'few', 'many', 'many', 'many', 'many'],
  ar: ['zero', 'one', 'two', 'few', 'many', 'many', 'other'],
};
const COUNTS = [0, 1, 2, 5, 11, 21, 101];

describe('plural forms by CLDR', () => {
  for (const lang of LANGUAGES) {
    it(`${lang}: 0, 1, 2, 5, 11, 21, 101 pick the language's forms, each present`, () => {
      const rules = new Intl.PluralRules(lang);
      expect(COUNTS.map((n) => rules.select(n))).toEqual(EXPECTED[lang]);
      const own = texts(resources[lang]);
      for (const cat of EXPECTED[lang]) expect(own.has(`preference.sought_${cat}`), `${lang} preference.sought_${cat}`).toBe(true);
    });
  }
});

describe('catalogue types', () => {
  it('refuse a family catalogue without a German key or without a plural form of its language', () => {
    expectTypeOf<PluralFormsOf['ru']>().toEqualTypeOf<'one' | 'few' | 'many' | 'other'>();
    // A missing text fails the compile:
    // @ts-expect-error -- 'back' is missing
    const otp: FamilyNamespace<'tr', 'auth'>['otp'] = { title: '', description: '', label: '', submit: '', submitting: '', failed: '' };
    // A missing plural form fails the compile (Russian needs _few and _many):
    // @ts-expect-error -- sought_few and sought_many are missing
    const preference: FamilyNamespace<'ru', 'preference'> = { ...ru.preference, sought_few: undefined, sought_many: undefined };
    // Arabic needs all six:
    // @ts-expect-error -- parents_two is missing
    const histogram: FamilyNamespace<'ar', 'results'>['histogram'] = { ...ar.results.histogram, parents_two: undefined };
    // The staff-only parts may be left out:
    const results: FamilyNamespace<'tr', 'results'> = tr.results;
    expect([otp, preference, histogram, results].length).toBe(4);
  });
});
