import { describe, expect, it } from 'vitest';
import { LANGUAGES, type Language } from '../validation.js';
import { pluralCategory, pluralKey } from './plural.js';
import { translate } from './index.js';

/**
 * CLDR plural forms per language for the counts where languages differ: 0, 1, 2, 5, 11, 21, 101.
 * Russian and Ukrainian say "1 ребёнок, 2 ребёнка, 5 детей, 11 детей, 21 ребёнок"; Polish
 * "1 dziecko, 2 dzieci(few), 5 dzieci(many), 21 dzieci(many)"; Arabic has six forms.
 */
const COUNTS = [0, 1, 2, 5, 11, 21, 101] as const;
const EXPECTED: Record<Language, readonly string[]> = {
  de: ['other', 'one', 'other', 'other', 'other', 'other', 'other'],
  en: ['other', 'one', 'other', 'other', 'other', 'other', 'other'],
  tr: ['other', 'one', 'other', 'other', 'other', 'other', 'other'],
  uk: ['many', 'one', 'few', 'many', 'many', 'one', 'one'],
  ru: ['many', 'one', 'few', 'many', 'many', 'one', 'one'],
  pl: ['many', 'one', 'few', 'many', 'many', 'many', 'many'],
  ar: ['zero', 'one', 'two', 'few', 'many', 'many', 'other'],
};

describe('plural forms by CLDR', () => {
  it('every product language has its expectations', () => {
    expect(Object.keys(EXPECTED).sort()).toEqual([...LANGUAGES].sort());
  });

  for (const lang of LANGUAGES) {
    it(`${lang}: 0, 1, 2, 5, 11, 21, 101 take the language's form`, () => {
      expect(COUNTS.map((n) => pluralCategory(lang, n))).toEqual(EXPECTED[lang]);
      expect(COUNTS.map((n) => pluralKey(lang, 'children.count', n))).toEqual(EXPECTED[lang].map((f) => `children.count_${f}`));
    });
  }

  it('with a catalogue at hand, a missing form falls back to _other, then to the bare key', () => {
    const has = (keys: string[]) => (k: string) => keys.includes(k);
    // Polish catalogues written with one/few/many/other: 5 takes many.
    expect(pluralKey('pl', 'x', 5, has(['x_one', 'x_few', 'x_many', 'x_other']))).toBe('x_many');
    // An Arabic text without a dual form: 2 falls back to _other.
    expect(pluralKey('ar', 'x', 2, has(['x_one', 'x_other']))).toBe('x_other');
    // A zero text wins for 0 in any language, as i18next does on the web.
    expect(pluralKey('de', 'x', 0, has(['x_zero', 'x_one', 'x_other']))).toBe('x_zero');
    expect(pluralKey('ru', 'x', 0, has(['x_one', 'x_few', 'x_many']))).toBe('x_many');
    // No plural texts at all: the key itself.
    expect(pluralKey('tr', 'x', 3, has(['x']))).toBe('x');
  });

  it('translate() picks the plural form when given a count', () => {
    // A German catalogue pair (_one/_other): "1 Nachricht", never "1 Nachrichten".
    expect(translate('de', 'accounts.mailbox.count' as never, { count: 1 })).toBe('1 Nachricht');
    expect(translate('de', 'accounts.mailbox.count' as never, { count: 5 })).toBe('5 Nachrichten');
    expect(translate('en', 'accounts.mailbox.count' as never, { count: 1 })).toBe('1 message');
  });
});
