import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/app.js';
import { createKita } from '../../../test/factories.js';

/**
 * REGISTRATION_PER_CLIENT_PER_HOUR: a Kita whose families register together on one network (a
 * parents' evening on its Wi-Fi) raises the per-client limit; the default stays 10
 * (registration.test.ts).
 */
let t: TestContext;
let k: Awaited<ReturnType<typeof createKita>>;
beforeAll(async () => {
  t = await createTestApp({ env: { REGISTRATION_PER_CLIENT_PER_HOUR: '12' } });
  k = await createKita(t.db, 'Kita Sonnenschein');
});
afterAll(async () => t.close());

let n = 0;
const register = () =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/register',
    remoteAddress: '192.0.2.77',
    payload: {
      name: 'Lena Schmidt',
      email: `lena.netz${++n}@familie.test`,
      primaryPhoneNumber: null,
      kitaId: k.kita.id,
      preferredCommunication: 'email',
      language: 'de',
      password: 'Sonnenblume-11',
      confirmPassword: 'Sonnenblume-11',
      children: [{ childName: 'Mia', dateOfBirth: '2021-04-03', groupId: k.kgGroup.id }],
    },
  });

describe('the per-client registration limit as configured', () => {
  it('takes 12 registrations from one address within the hour, then answers 429', async () => {
    for (let i = 0; i < 12; i++) expect((await register()).statusCode).toBe(201);
    expect((await register()).statusCode).toBe(429);
  });
});
