import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { createTestApp, testConfig, type TestContext } from '../../test/app.js';
import { createKita } from '../../test/factories.js';

let t: TestContext;
let kita: Awaited<ReturnType<typeof createKita>>;
/** The per-IP limit is the subject here, not the Kita's limit of waiting registrations (issue 21). */
const ROOMY = { REGISTRATION_PENDING_PER_KITA: '100' };
beforeAll(async () => {
  t = await createTestApp({ env: ROOMY });
  kita = await createKita(t.db, 'Kita Proxy');
});
afterAll(async () => t.close());

let n = 0;
const registration = () => ({
  name: 'Lena Schmidt',
  email: `proxy${++n}@familie.test`,
  primaryPhoneNumber: null,
  kitaId: kita.kita.id,
  preferredCommunication: 'email',
  language: 'de',
  password: 'Sonnenblume-11',
  confirmPassword: 'Sonnenblume-11',
  children: [{ childName: 'Mia', dateOfBirth: '2021-04-03', groupId: kita.kgGroup.id }],
});

/** 12 registrations from one socket address, each claiming another client in X-Forwarded-For. */
async function spoofedRun(app: TestContext['app'], socket: string): Promise<number[]> {
  const codes: number[] = [];
  for (let i = 1; i <= 12; i++) {
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: registration(),
      remoteAddress: socket,
      headers: { 'x-forwarded-for': `203.0.113.${i}` },
    });
    codes.push(res.statusCode);
  }
  return codes;
}

describe('TRUST_PROXY', () => {
  it('off (the default): a faked X-Forwarded-For does not reset the per-IP registration limit', async () => {
    const codes = await spoofedRun(t.app, '198.51.100.7');
    expect(codes.slice(0, 10)).toEqual(Array(10).fill(201));
    expect(codes.slice(10)).toEqual([429, 429]);
  });

  it('set to the proxy in front: each forwarded client has its own limit', async () => {
    const app = await buildApp({
      config: testConfig({ TRUST_PROXY: '198.51.100.8', ...ROOMY }),
      database: t.database,
      clock: t.clock,
      logger: false,
      serveWeb: false,
    });
    try {
      expect(await spoofedRun(app, '198.51.100.8')).toEqual(Array(12).fill(201));
      // A client that is not the trusted proxy still cannot name its own address.
      const codes = await spoofedRun(app, '198.51.100.9');
      expect(codes.slice(10)).toEqual([429, 429]);
    } finally {
      await app.close();
    }
  });
});
