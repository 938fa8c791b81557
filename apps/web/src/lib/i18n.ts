import i18n from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, resources, type Resources } from '@kita/shared/i18n';
import type { Language } from '@kita/shared';

/**
 * The whole shared catalog is one i18next namespace, so keys read exactly like on the server
 * (`t('validation.name')`, `translate(lang, 'validation.name')`) and the zod messages, which are
 * such keys, can be passed to `t` unchanged.
 */
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: Resources };
  }
}

export const LANGUAGES: readonly Language[] = ['de', 'en'];
export const LANGUAGE_STORAGE_KEY = 'i18nextLng';

function syncDocument(lng: string): void {
  document.documentElement.lang = lng;
  document.title = i18n.t('common.appName');
}

i18n.on('languageChanged', syncDocument);

void i18n
  .use(LanguageDetector)
  .use(initReactI18next)
  .init({
    resources: { de: { translation: resources.de }, en: { translation: resources.en } },
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: [...LANGUAGES],
    load: 'languageOnly',
    nonExplicitSupportedLngs: true,
    // Only an explicit earlier choice counts: the product's default is German, whatever the browser says.
    detection: { order: ['localStorage'], lookupLocalStorage: LANGUAGE_STORAGE_KEY, caches: ['localStorage'] },
    interpolation: { escapeValue: false },
    returnNull: false,
  });

/** The active UI language, narrowed to the two the product supports. */
export function currentLanguage(): Language {
  return i18n.resolvedLanguage === 'en' ? 'en' : 'de';
}

export async function changeLanguage(lng: Language): Promise<void> {
  await i18n.changeLanguage(lng);
}

/**
 * Translates a message that may be an i18n key (zod messages such as 'validation.name', server
 * codes) and falls back to the text itself when it is not a key.
 */
export function translateMessage(message: string | undefined | null): string {
  if (!message) return '';
  // Keys arrive as plain strings at run time (zod issues, server codes), so the typed key check cannot apply.
  const lookup = i18n.t as unknown as (key: string) => string;
  return i18n.exists(message) ? lookup(message) : message;
}

export { i18n };
