import { describe, expect, it } from 'vitest';
import { de } from './de/index.js';
import { en } from './en/index.js';

/**
 * Plurals built by hand ("1 Eltern", "1 Leitungskonten"). A text that names a count
 * ({{count}}) is a plural of the catalogue (key_one / key_other, resolved by i18next with
 * Intl.PluralRules) in both languages, except the few where the noun does not change.
 */
const INVARIANT = new Set([
  // "SMS" is the same in singular and plural; the count only stands in parentheses.
  'accounts.mailbox.segmentsMany', // only used for 2 or more parts
  'delivery.progress.expectedEnd',
  'delivery.actions.resendFailed',
  'delivery.families.showAll', // only shown above the list's limit
]);

function walk(node: unknown, path: string[], out: Map<string, string>) {
  if (typeof node === 'string') out.set(path.join('.'), node);
  else if (node && typeof node === 'object') for (const [k, v] of Object.entries(node)) walk(v, [...path, k], out);
}
const texts = (catalog: unknown) => {
  const out = new Map<string, string>();
  walk(catalog, [], out);
  return out;
};

describe('plurals in the catalogues', () => {
  for (const [lang, catalog] of [['de', de], ['en', en]] as const) {
    const all = texts(catalog);
    it(`${lang}: every text with {{count}} is a plural pair`, () => {
      const bare = [...all].filter(([key, text]) => text.includes('{{count}}') && !/_(zero|one|two|few|many|other)$/.test(key) && !INVARIANT.has(key));
      expect(bare.map(([key]) => key)).toEqual([]);
    });
    it(`${lang}: every _one has its _other`, () => {
      const ones = [...all.keys()].filter((k) => k.endsWith('_one'));
      expect(ones.filter((k) => !all.has(k.replace(/_one$/, '_other')))).toEqual([]);
    });
  }
});
