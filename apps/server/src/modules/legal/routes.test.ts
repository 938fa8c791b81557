import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/app.js';
import { LEGAL_ENV } from '../../../test/legal-env.js';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({ env: { ...LEGAL_ENV, RETENTION_AUDIT_DAYS: '200' } });
});
afterAll(() => t.close());

describe('GET /api/legal/{page}', () => {
  it('gives anyone, without a session, each page in German and English, filled from the settings', async () => {
    for (const page of ['privacy', 'imprint', 'accessibility']) {
      for (const lang of ['de', 'en']) {
        const res = await t.app.inject({ url: `/api/legal/${page}?lang=${lang}` });
        expect(res.statusCode, `${page} ${lang}`).toBe(200);
        const data = res.json().data;
        expect(data).toMatchObject({ page, language: lang });
        expect(data.markdown).toContain(LEGAL_ENV.LEGAL_OPERATOR);
        expect(data.markdown).not.toMatch(/⟦|\{\{/);
      }
    }
    const privacy = (await t.app.inject({ url: '/api/legal/privacy?lang=de' })).json().data.markdown;
    expect(privacy).toMatch(/^# Datenschutzerklärung/);
    expect(privacy).toContain('nach 200 Tagen');
  });

  it('answers other languages with the German text, and follows Accept-Language without one', async () => {
    expect((await t.app.inject({ url: '/api/legal/imprint?lang=tr' })).json().data).toMatchObject({ language: 'de' });
    const en = await t.app.inject({ url: '/api/legal/imprint', headers: { 'accept-language': 'en-GB,en;q=0.9' } });
    expect(en.json().data.markdown).toMatch(/^# Imprint/);
  });

  it('refuses an unknown page with 400', async () => {
    const res = await t.app.inject({ url: '/api/legal/terms' });
    expect(res.statusCode).toBe(400);
  });
});
