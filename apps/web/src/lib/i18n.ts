import i18n, { type LanguageDetectorModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, type Resources } from '@kita/shared/i18n';
import type { Language, StaffLanguage } from '@kita/shared';
import { catalogFile, tierOf, type CatalogTier } from './catalog-tiers';
import { directionOf, isLanguage, isStaffLanguage, LANGUAGES } from './languages';

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

export { directionOf, LANGUAGE_NAMES, LANGUAGES, RTL_LANGUAGES, STAFF_LANGUAGES } from './languages';
export const LANGUAGE_STORAGE_KEY = 'i18nextLng';

/**
 * The catalog files of both languages, each loaded only when needed: a page loads its own
 * language, and the core part (lib/catalog-tiers.ts) unless it is another screen. The path
 * leaves the app because the catalogs are the shared package's source files (the server uses
 * them too); index.ts only lists the namespaces for the server.
 */
const catalogFiles = import.meta.glob<Record<string, unknown>>([
  '../../../../packages/shared/src/i18n/*/*.ts',
  '!../../../../packages/shared/src/i18n/*/index.ts',
]);

const loadedParts = new Map<string, Promise<void>>();

function loadPart(lng: Language, tier: CatalogTier): Promise<void> {
  const key = `${lng}/${tier}`;
  let part = loadedParts.get(key);
  if (!part) {
    const files = Object.entries(catalogFiles).flatMap(([path, load]) => {
      const file = catalogFile(path);
      return file && file.language === lng && tierOf(file.namespace) === tier ? [{ namespace: file.namespace, load }] : [];
    });
    part = Promise.all(
      files.map(async ({ namespace, load }) => {
        const texts = (await load())[namespace];
        if (!texts) throw new Error(`i18n catalog ${lng}/${namespace}.ts does not export '${namespace}'`);
        return [namespace, texts] as const;
      }),
    ).then((entries) => {
      i18n.addResourceBundle(lng, 'translation', Object.fromEntries(entries), true, true);
    });
    // A failed download (e.g. offline) may be tried again by the next screen.
    part.catch(() => loadedParts.delete(key));
    loadedParts.set(key, part);
  }
  return part;
}

/** Set once a screen outside the core (lib/catalog-tiers.ts) was opened: every language switch then loads all. */
let fullCatalogWanted = false;

/**
 * A family language has every text of the core part but leaves out staff-only texts of the full
 * part (docs/translations.md), which English fills in: the full part loads English's as well.
 */
function partsOf(lng: Language, full: boolean): Promise<void>[] {
  if (!full) return [loadPart(lng, 'core')];
  const fallback = isStaffLanguage(lng) ? [] : [loadPart('en', 'core'), loadPart('en', 'full')];
  return [loadPart(lng, 'core'), loadPart(lng, 'full'), ...fallback];
}

async function loadLanguage(lng: Language): Promise<void> {
  // Re-checked after loading: a screen may have asked for the full catalog meanwhile.
  let full: boolean;
  do {
    full = fullCatalogWanted;
    await Promise.all(partsOf(lng, full));
  } while (full !== fullCatalogWanted);
}

/**
 * Only an explicit earlier choice counts: the product's default is German, whatever the browser
 * says. The choice is kept in localStorage (the same key and rules as i18next's browser language
 * detector, which this replaces to keep the first download small).
 */
const storedLanguageDetector: LanguageDetectorModule = {
  type: 'languageDetector',
  detect: () => {
    try {
      const stored = window.localStorage.getItem(LANGUAGE_STORAGE_KEY);
      return stored ? [stored] : [];
    } catch {
      return [];
    }
  },
  cacheUserLanguage: (lng) => {
    if (lng === 'cimode') return;
    try {
      window.localStorage.setItem(LANGUAGE_STORAGE_KEY, lng);
    } catch {
      // Storage may be unavailable (private mode); the choice then lasts for this page only.
    }
  },
};

function syncDocument(lng: string): void {
  document.documentElement.lang = lng;
  // Arabic reads right to left: the whole page mirrors (logical spacing classes, Radix's DirectionProvider).
  document.documentElement.dir = directionOf(lng);
  // Before the first catalog has arrived the title stays as index.html has it.
  if (i18n.exists('common.appName')) document.title = i18n.t('common.appName');
}

i18n.on('languageChanged', syncDocument);

void i18n
  .use(storedLanguageDetector)
  .use(initReactI18next)
  .init({
    // The texts arrive per language with loadLanguage(); i18next is told they are bundled.
    resources: {},
    // A family language falls back to English for the staff-only texts it leaves out (see partsOf).
    fallbackLng: (code) => (code === DEFAULT_LANGUAGE ? [] : code === 'en' || !isLanguage(code) ? [DEFAULT_LANGUAGE] : ['en', DEFAULT_LANGUAGE]),
    supportedLngs: [...LANGUAGES],
    load: 'languageOnly',
    nonExplicitSupportedLngs: true,
    interpolation: { escapeValue: false },
    returnNull: false,
  });

/**
 * The catalog language of what i18next chose: `languages` is its lookup order, e.g. ['en', 'de']
 * for a stored 'en-US'. Unlike resolvedLanguage it is known before any texts have arrived.
 */
function catalogLanguage(): Language {
  const first = i18n.languages?.[0];
  return isLanguage(first) ? first : DEFAULT_LANGUAGE;
}

/**
 * Resolves when the texts of the detected language are there (main.tsx renders after it). The
 * detected language is set once more so i18next sees the now-loaded texts (resolvedLanguage,
 * <html lang>, title).
 */
export const i18nReady: Promise<void> = (async () => {
  const detected = i18n.language;
  await loadLanguage(catalogLanguage());
  await i18n.changeLanguage(detected);
})();

/**
 * Renders an entry page (app-main.tsx, preference-main.tsx) once the texts are there, so no key
 * flashes; should they fail to load, it renders all the same rather than stay blank.
 */
export function renderWhenTextsReady(render: () => void): void {
  void i18nReady.then(render, (error: unknown) => {
    console.error(error);
    render();
  });
}

/** For every screen but the core ones: all namespaces of the current language (and of later switches). */
export async function loadFullCatalog(): Promise<void> {
  fullCatalogWanted = true;
  await loadLanguage(catalogLanguage());
}

/** The active UI language, narrowed to the ones the product supports. */
export function currentLanguage(): Language {
  const lng = i18n.resolvedLanguage;
  return isLanguage(lng) ? lng : DEFAULT_LANGUAGE;
}

/** The active language if staff may use it (staff screens stay German and English), else English. */
export function staffLanguage(lng: Language = currentLanguage()): StaffLanguage {
  return isStaffLanguage(lng) ? lng : 'en';
}

let languageSwitch = 0;

export async function changeLanguage(lng: Language): Promise<void> {
  // Only the latest of quick successive switches wins once its texts have arrived.
  const ticket = ++languageSwitch;
  await loadLanguage(lng);
  if (ticket !== languageSwitch) return;
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
