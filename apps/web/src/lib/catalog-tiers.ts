/**
 * The web loads the shared i18n catalogs (packages/shared/src/i18n/<lng>/<namespace>.ts) per
 * language and in two parts: the core namespaces, which the parent pages (/login, /preference)
 * and the app's frame need, with the first screen, and all the others before any other screen
 * renders. Also read by vite.config.ts, which puts each part of each language into its own chunk.
 */
export const CORE_NAMESPACES: readonly string[] = ['common', 'nav', 'errors', 'validation', 'auth', 'preference'];

/**
 * The language whose core part the HTML preloads (vite.config.ts): the product's default
 * (DEFAULT_LANGUAGE of @kita/shared/i18n, which this file cannot import: the Vite config reads it).
 */
export const PRELOADED_LANGUAGE = 'de';

export type CatalogTier = 'core' | 'full';

/** 'de' and 'auth' of '.../i18n/de/auth.ts', or undefined for other files. */
export function catalogFile(id: string): { language: string; namespace: string } | undefined {
  const match = /\/packages\/shared\/src\/i18n\/([a-z]{2})\/(\w+)\.ts$/.exec(id);
  if (!match || match[2] === 'index') return undefined;
  return { language: match[1]!, namespace: match[2]! };
}

/** The tier a namespace belongs to. */
export function tierOf(namespace: string): CatalogTier {
  return CORE_NAMESPACES.includes(namespace) ? 'core' : 'full';
}
