import { describe, expect, it } from 'vitest';
import { createInstance } from 'i18next';
import { LANGUAGE_NAMES as SHARED_NAMES, LANGUAGES as SHARED_LANGUAGES, RTL_LANGUAGES as SHARED_RTL, STAFF_LANGUAGES as SHARED_STAFF } from '@kita/shared';
import { resources } from '@kita/shared/i18n';
import { directionOf, LANGUAGE_NAMES, LANGUAGES, RTL_LANGUAGES, STAFF_LANGUAGES } from './languages';

describe('the web languages', () => {
  it('are the copies of the shared lists (lib/i18n.ts copies them to keep zod out of the first download)', () => {
    expect(LANGUAGES).toEqual(SHARED_LANGUAGES);
    expect(STAFF_LANGUAGES).toEqual(SHARED_STAFF);
    expect(RTL_LANGUAGES).toEqual(SHARED_RTL);
    expect(LANGUAGE_NAMES).toEqual(SHARED_NAMES);
  });

  it('mirror the page for Arabic only', () => {
    expect(LANGUAGES.filter((lng) => directionOf(lng) === 'rtl')).toEqual(['ar']);
  });
});

/** i18next as the web runs it (JSON v4 plurals through Intl.PluralRules) over the shared catalogues. */
async function i18nextFor(lng: string) {
  const i18n = createInstance();
  await i18n.init({
    lng,
    fallbackLng: false,
    showSupportNotice: false,
    resources: Object.fromEntries(Object.entries(resources).map(([code, catalog]) => [code, { translation: catalog }])),
    interpolation: { escapeValue: false },
  });
  return i18n;
}

describe('plural forms on the web (no "1 Kinder" in any language)', () => {
  const counts = [0, 1, 2, 5, 11, 21, 101];
  const expected: Record<string, string[]> = {
    de: ['0 Kinder gesucht', '1 Kind gesucht', '2 Kinder gesucht', '5 Kinder gesucht', '11 Kinder gesucht', '21 Kinder gesucht', '101 Kinder gesucht'],
    en: ['0 children sought', '1 child sought', '2 children sought', '5 children sought', '11 children sought', '21 children sought', '101 children sought'],
    tr: ['0 çocuk aranıyor', '1 çocuk aranıyor', '2 çocuk aranıyor', '5 çocuk aranıyor', '11 çocuk aranıyor', '21 çocuk aranıyor', '101 çocuk aranıyor'],
    uk: ['Шукаємо 0 дітей', 'Шукаємо 1 дитину', 'Шукаємо 2 дитини', 'Шукаємо 5 дітей', 'Шукаємо 11 дітей', 'Шукаємо 21 дитину', 'Шукаємо 101 дитину'],
    ru: ['Ищем 0 детей', 'Ищем 1 ребёнка', 'Ищем 2 ребёнка', 'Ищем 5 детей', 'Ищем 11 детей', 'Ищем 21 ребёнка', 'Ищем 101 ребёнка'],
    pl: ['Szukamy 0 dzieci', 'Szukamy 1 dziecka', 'Szukamy 2 dzieci', 'Szukamy 5 dzieci', 'Szukamy 11 dzieci', 'Szukamy 21 dzieci', 'Szukamy 101 dzieci'],
    ar: ['لا نبحث عن أي طفل', 'نبحث عن طفل واحد', 'نبحث عن طفلين', 'نبحث عن 5 أطفال', 'نبحث عن 11 طفلًا', 'نبحث عن 21 طفلًا', 'نبحث عن 101 طفل'],
  };
  for (const lng of LANGUAGES) {
    it(`${lng}: the preference page's "children sought" for 0, 1, 2, 5, 11, 21, 101`, async () => {
      const i18n = await i18nextFor(lng);
      expect(counts.map((count) => i18n.t('preference.sought', { count }))).toEqual(expected[lng]);
    });
  }

  it('ru and uk: the histogram counts families in three forms', async () => {
    const ru = await i18nextFor('ru');
    expect([1, 3, 5, 21, 22, 25].map((count) => ru.t('results.histogram.parents', { count }))).toEqual(['1 семья', '3 семьи', '5 семей', '21 семья', '22 семьи', '25 семей']);
    const uk = await i18nextFor('uk');
    expect([1, 3, 5].map((count) => uk.t('results.histogram.parents', { count }))).toEqual(['1 родина', '3 родини', '5 родин']);
  });
});
