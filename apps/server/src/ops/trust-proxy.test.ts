import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { createTestApp, testConfig, type TestContext } from '../../test/app.js';
import { createKita } from '../../test/factories.js';

let t: TestContext;
let kita: Awaited<ReturnType<typeof createKita>>;
/** The per-IP limit is the subject here, not the Kita's limit of waiting registrations. */
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

/**
 * Every per-client key used the full address, so one IPv6 /64 counted as 2^64
 * clients (25 of 25 registrations accepted where the limit is 10; 668 password guesses in 20 s
 * without a 429). Clients are now keyed by their /64, with a wider net on the /48; IPv4-mapped
 * IPv6 counts as the IPv4 address. The addresses come through the configured proxy.
 */
describe('IPv6 clients through the trusted proxy', () => {
  const PROXY = '198.51.100.8';
  let app: TestContext['app'];
  beforeAll(async () => {
    app = await buildApp({ config: testConfig({ TRUST_PROXY: PROXY, REGISTRATION_PENDING_PER_KITA: '1000' }), database: t.database, clock: t.clock, logger: false, serveWeb: false });
    await app.ready();
  });
  afterAll(async () => app.close());

  const viaProxy = (client: string, opts: { method: 'POST'; url: string; payload: object }) =>
    app.inject({ ...opts, remoteAddress: PROXY, headers: { 'x-forwarded-for': client } });

  it('25 registrations from 25 addresses of one /64: 10 accepted, as from one IPv4 client', async () => {
    const codes: number[] = [];
    for (let i = 1; i <= 25; i++) {
      codes.push((await viaProxy(`2001:db8:aa:1::${i.toString(16)}`, { method: 'POST', url: '/api/auth/register', payload: registration() })).statusCode);
    }
    expect(codes.slice(0, 10)).toEqual(Array(10).fill(201));
    expect(codes.slice(10)).toEqual(Array(15).fill(429));
  });

  it('password guesses from ever-new addresses of one /64 are slowed like one client', async () => {
    const by: Record<number, number> = {};
    for (let i = 1; i <= 60; i++) {
      const res = await viaProxy(`2001:db8:bb:2:${i.toString(16)}::1`, { method: 'POST', url: '/api/auth/login', payload: { email: 'manager@kita-proxy.test', password: `guess-${i}` } });
      by[res.statusCode] = (by[res.statusCode] ?? 0) + 1;
    }
    // 5 free, then the one that starts the first pause; everything else waits.
    expect(by[401]).toBe(6);
    expect(by[429]).toBe(54);
  });

  it('the /48 is a wider net: 4 times the per-client limit over all its /64s', async () => {
    const codes: number[] = [];
    // forgot-password: 20 per client and hour; 100 requests from 100 different /64s of one /48.
    for (let i = 1; i <= 100; i++) {
      const res = await viaProxy(`2001:db8:cc:${i.toString(16)}::1`, { method: 'POST', url: '/api/auth/forgot-password', payload: { email: `nobody${i}@familie.test` } });
      codes.push(res.statusCode);
    }
    expect(codes.filter((c) => c === 200)).toHaveLength(80);
    // Another /48 is another network.
    expect((await viaProxy('2001:db8:dd:1::1', { method: 'POST', url: '/api/auth/forgot-password', payload: { email: 'nobody-else@familie.test' } })).statusCode).toBe(200);
  });

  it('an IPv4-mapped IPv6 address counts as its IPv4 address', async () => {
    const codes: number[] = [];
    for (let i = 1; i <= 22; i++) {
      const client = i % 2 ? '::ffff:203.0.113.77' : '203.0.113.77';
      codes.push((await viaProxy(client, { method: 'POST', url: '/api/auth/forgot-password', payload: { email: `mapped${i}@familie.test` } })).statusCode);
    }
    expect(codes.filter((c) => c === 200)).toHaveLength(20);
  });

  it('X-Forwarded-For from a client that is not the proxy names nobody: the socket address counts', async () => {
    const codes: number[] = [];
    for (let i = 1; i <= 22; i++) {
      const res = await app.inject({
        method: 'POST', url: '/api/auth/forgot-password', payload: { email: `spoof${i}@familie.test` },
        remoteAddress: '2001:db8:ee:1::5', headers: { 'x-forwarded-for': `2001:db8:${i.toString(16)}::1` },
      });
      codes.push(res.statusCode);
    }
    expect(codes.filter((c) => c === 200)).toHaveLength(20);
  });
});
