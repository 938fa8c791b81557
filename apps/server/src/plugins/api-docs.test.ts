import { describe, expect, it } from 'vitest';
import { authHeader, createStaff, newKitaId } from '../../test/factories.js';
import { createTestApp } from '../../test/app.js';
import { LEGAL_ENV } from '../../test/legal-env.js';

/** The API description is not public in production; API_DOCS=admin opens it for Admins. */
const PRODUCTION = {
  NODE_ENV: 'production', ...LEGAL_ENV,
  JWT_SECRET: 'f3a9c1e7b5d20846ac9e1f7b3d5a0c2e',
  PUBLIC_URL: 'https://kita.stadt-test.de',
  SMTP_FROM: 'no-reply@stadt-test.de',
  FAQ_URL: 'https://stadt-test.de/faq',
  SMTP_URL: 'smtp://127.0.0.1:1',
  TWILIO_ACCOUNT_SID: 'AC1',
  TWILIO_AUTH_TOKEN: 'x',
  TWILIO_FROM: '+4930123',
};

describe('the API description (/api/docs, /api/openapi.json)', () => {
  it('is off in production by default', async () => {
    const t = await createTestApp({ env: PRODUCTION });
    try {
      for (const url of ['/api/openapi.json', '/api/docs', '/api/docs/json']) expect((await t.app.inject({ url })).statusCode).toBe(404);
    } finally {
      await t.close();
    }
  });

  it('with API_DOCS=admin answers only an Admin', async () => {
    const t = await createTestApp({ env: { ...PRODUCTION, API_DOCS: 'admin' } });
    try {
      const admin = await authHeader(t.app, (await createStaff(t.db, 'Admin', null, 'docs-admin@stadt.test')).id);
      const manager = await authHeader(t.app, (await createStaff(t.db, 'KitaManager', await newKitaId(t), 'docs-manager@stadt.test')).id);
      for (const url of ['/api/openapi.json', '/api/docs/json']) {
        expect((await t.app.inject({ url })).statusCode).toBe(401);
        expect((await t.app.inject({ url, headers: manager })).statusCode).toBe(403);
        const ok = await t.app.inject({ url, headers: admin });
        expect(ok.statusCode).toBe(200);
        expect(ok.json().info.title).toBe('Kita Notbetreuung API');
      }
      expect((await t.app.inject({ url: '/api/docs' })).statusCode).toBe(401);
    } finally {
      await t.close();
    }
  });

  it('is public in development and tests', async () => {
    const t = await createTestApp();
    try {
      expect((await t.app.inject({ url: '/api/openapi.json' })).statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });
});
