import { describe, expect, it } from 'vitest';
import { DEFAULT_LANGUAGE } from '@kita/shared/i18n';
import { catalogFile, PRELOADED_LANGUAGE, tierOf } from './catalog-tiers';

describe('catalog tiers', () => {
  it('preloads the product default language', () => {
    expect(PRELOADED_LANGUAGE).toBe(DEFAULT_LANGUAGE);
  });

  it('reads language and namespace from a catalog path, not from index.ts or other files', () => {
    expect(catalogFile('/repo/packages/shared/src/i18n/de/auth.ts')).toEqual({ language: 'de', namespace: 'auth' });
    expect(catalogFile('/repo/packages/shared/src/i18n/en/index.ts')).toBeUndefined();
    expect(catalogFile('/repo/apps/web/src/lib/i18n.ts')).toBeUndefined();
  });

  it('puts the parent pages namespaces in the core part', () => {
    expect(tierOf('preference')).toBe('core');
    expect(tierOf('results')).toBe('full');
  });
});
