import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { LIBPHONENUMBER_VERSION, germanMobileMetadata } from './phone-metadata.js';

const require = createRequire(import.meta.url);

describe('generated German phone metadata', () => {
  it('matches the installed libphonenumber-js (else run node scripts/phone-metadata.mjs)', () => {
    const { version } = JSON.parse(readFileSync(require.resolve('libphonenumber-js/package.json'), 'utf8')) as { version: string };
    const full = JSON.parse(readFileSync(require.resolve('libphonenumber-js/metadata.mobile.json'), 'utf8')) as {
      version: number;
      countries: Record<string, unknown>;
    };
    expect(LIBPHONENUMBER_VERSION).toBe(version);
    const ours = germanMobileMetadata as unknown as { version: number; countries: Record<string, unknown> };
    expect(ours.version).toBe(full.version);
    expect(ours.countries.DE).toEqual(full.countries.DE);
  });
});
