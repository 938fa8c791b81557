import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { createTestApp, testConfig, type TestContext } from '../../test/app.js';
import { redactUrl } from './logging.js';

/**
 * `/p/<token>` (the SMS's short preference link) was logged raw at debug level, and the
 * request log lines carried no client address. Every line at every level now has the token masked
 * and names the client (IPv4 address or IPv6 /64).
 */
let t: TestContext;
const lines: string[] = [];
let app: TestContext['app'];
beforeAll(async () => {
  t = await createTestApp();
  const sink = new Writable({
    write(chunk, _enc, cb) {
      lines.push(...String(chunk).split('\n').filter(Boolean));
      cb();
    },
  });
  app = await buildApp({ config: testConfig(), database: t.database, clock: t.clock, loggerInstance: pino({ level: 'trace' }, sink), serveWeb: false });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await t.close();
});

const TOKEN = 'Zq3xSecretLinkToken0123';

describe('request log lines', () => {
  it('never contain a link token, at any level', async () => {
    await app.inject({ url: `/p/${TOKEN}` });
    await app.inject({ url: `/p/${TOKEN}?utm=sms` });
    await app.inject({ method: 'POST', url: `/api/auth/verify-token?token=${TOKEN}` });
    await app.inject({ url: `/preference?token=${TOKEN}&x=1` });
    expect(lines.length).toBeGreaterThanOrEqual(4);
    for (const line of lines) expect(line).not.toContain(TOKEN);
    expect(lines.some((l) => l.includes('/p/[redacted]'))).toBe(true);
  });

  it('name the client: the IPv4 address, or the IPv6 /64', async () => {
    lines.length = 0;
    await app.inject({ url: '/api/health', remoteAddress: '203.0.113.5' });
    await app.inject({ url: '/api/kitas', remoteAddress: '2001:db8:1:2::99' });
    const parsed = lines.map((l) => JSON.parse(l) as { url?: string; client?: string }).filter((l) => l.url);
    expect(parsed.find((l) => l.url === '/api/health')?.client).toBe('203.0.113.5');
    expect(parsed.find((l) => l.url === '/api/kitas')?.client).toBe('2001:db8:1:2::/64');
  });

  it('redactUrl masks secret-bearing query parameters and keeps the rest', () => {
    expect(redactUrl('/api/x?token=a&otp=123456&recipient=b')).toBe('/api/x?token=[redacted]&otp=[redacted]&recipient=b');
    expect(redactUrl('/api/x?otpToken=abc')).toBe('/api/x?otpToken=[redacted]');
    expect(redactUrl('/p/abc')).toBe('/p/[redacted]');
    expect(redactUrl('/parents/abc')).toBe('/parents/abc');
  });
});
