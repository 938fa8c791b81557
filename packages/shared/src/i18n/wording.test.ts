import { describe, expect, it } from 'vitest';
import { resources } from './index.js';

/** Every string of a catalog with its dotted key. */
function strings(node: unknown, prefix = ''): Array<[string, string]> {
  if (typeof node === 'string') return [[prefix, node]];
  if (!node || typeof node !== 'object') return [];
  return Object.entries(node).flatMap(([k, v]) => strings(v, prefix ? `${prefix}.${k}` : k));
}

describe('one word for one thing', () => {
  it('German says "Guthaben" for credits everywhere, never "Punkte"', () => {
    const offenders = strings(resources.de).filter(([, text]) => /Punkte/.test(text));
    expect(offenders).toEqual([]);
  });

  it('English writes "e-mail" (E-mail), never "Email"', () => {
    const offenders = strings(resources.en).filter(([, text]) => /\bEmail\b|\bemail\b/.test(text.replace(/\{\{\w+\}\}/g, '')));
    expect(offenders).toEqual([]);
  });
});
