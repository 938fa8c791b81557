import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { loggerOptions } from '../ops/logging.js';
import { LANGUAGES } from '@kita/shared';
import { DEFAULT_PUSH_SERVICE_HOSTS, generateVapidKeys, loadConfig, vapidPublicKeyOf } from '../config.js';
import { LEGAL_ENV } from '../../test/legal-env.js';
import { refusedConfig } from '../../test/config-refusal.js';
import { testConfig } from '../../test/app.js';
import { createPushSender, pushEndpointAllowed } from './push.js';
import { pushNotification, pushPayloadJson, pushTopic, PUSH_PAYLOAD_MAX_BYTES } from './push-payload.js';

const prod = {
  NODE_ENV: 'production',
  JWT_SECRET: 'c4f1e9a07b3d52e8a6f0d19b7c2e4a8f5b3d0e6c',
  PUBLIC_URL: 'https://kita.stadt-test.de',
  DATABASE_URL: 'postgres://db/kita',
  SMTP_FROM: 'Kita Notbetreuung <no-reply@stadt-test.de>',
  ...LEGAL_ENV,
};
const refused = refusedConfig;

describe('push configuration', () => {
  it('production needs the VAPID key pair while PUSH is on, and the pair must belong together', () => {
    const { VAPID_PUBLIC_KEY: _p, VAPID_PRIVATE_KEY: _k, ...noKeys } = prod;
    expect(refused(noKeys)).toMatch(/VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY: required in production while PUSH is on/);
    expect(loadConfig({ ...noKeys, PUSH: 'off' }).push).toMatchObject({ enabled: false, publicKey: '', source: 'off' });
    expect(refused({ ...prod, VAPID_PUBLIC_KEY: generateVapidKeys().publicKey })).toMatch(/VAPID_PUBLIC_KEY: does not belong to VAPID_PRIVATE_KEY/);
    expect(refused({ ...noKeys, VAPID_PRIVATE_KEY: prod.VAPID_PRIVATE_KEY, NODE_ENV: 'test' })).toMatch(/set both or none/);
    expect(refused({ ...prod, VAPID_PUBLIC_KEY: 'short' })).toMatch(/VAPID_PUBLIC_KEY: must be an uncompressed P-256 public key/);
    expect(refused({ ...prod, PUSH_SERVICE_HOSTS: '127.0.0.1' })).toMatch(/PUSH_SERVICE_HOSTS: 127\.0\.0\.1 is this machine/);
    expect(refused({ ...prod, PUSH_SERVICE_HOSTS: 'fcm.googleapis.com,https://x' })).toMatch(/https:\/\/x is not a host name/);
    const c = loadConfig(prod);
    expect(c.push).toMatchObject({ enabled: true, publicKey: prod.VAPID_PUBLIC_KEY, source: 'VAPID_PUBLIC_KEY', subject: 'mailto:no-reply@stadt-test.de' });
    expect(c.push.serviceHosts).toEqual(DEFAULT_PUSH_SERVICE_HOSTS.split(','));
    expect(loadConfig({ ...prod, VAPID_SUBJECT: 'https://kita.stadt-test.de/kontakt' }).push.subject).toBe('https://kita.stadt-test.de/kontakt');
  });

  it('generates key pairs the configuration accepts, also when a private key starts with a zero byte', () => {
    // One key in 256 starts with a zero byte, which Node leaves out: 2,000 pairs meet one almost surely.
    for (let i = 0; i < 2000; i++) {
      const keys = generateVapidKeys();
      expect(keys.privateKey).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(vapidPublicKeyOf(keys.privateKey)).toBe(keys.publicKey);
    }
  });

  it('never shows the private key when the configuration is logged or serialised', () => {
    const c = loadConfig(prod);
    const lines: string[] = [];
    const sink = new Writable({ write: (chunk, _e, cb) => void (lines.push(String(chunk)), cb()) });
    const log = pino(loggerOptions({ LOG_LEVEL: 'info', NODE_ENV: 'production' }), sink);
    log.info({ config: c, push: c.push }, 'start');
    log.info({ privateKey: c.push.privateKey, vapid: { privateKey: c.push.privateKey } }, 'careless');
    expect(lines.join('')).toContain(c.push.publicKey);
    expect(lines.join('')).not.toContain(prod.VAPID_PRIVATE_KEY);
    expect(c.push.privateKey).toBe(prod.VAPID_PRIVATE_KEY);
    expect(JSON.stringify(c)).not.toContain(prod.VAPID_PRIVATE_KEY);
    expect(Object.keys(c.push)).not.toContain('privateKey');
    expect(JSON.stringify(c)).not.toContain('VAPID_PRIVATE_KEY');
  });

  it('the embedded default keeps a generated pair in DATA_DIR/vapid.json (0600) across starts', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'kita-vapid-'));
    try {
      const first = loadConfig({ NODE_ENV: 'development', DATA_DIR: dir }).push;
      expect(first).toMatchObject({ enabled: true, source: 'generated' });
      const file = path.join(dir, 'vapid.json');
      expect(statSync(file).mode & 0o777).toBe(0o600);
      expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({ publicKey: first.publicKey, privateKey: first.privateKey });
      expect(loadConfig({ NODE_ENV: 'development', DATA_DIR: dir }).push.publicKey).toBe(first.publicKey);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('no sender while push is off', () => {
    expect(createPushSender(testConfig({ PUSH: 'off' }).push)).toBeNull();
    expect(createPushSender(testConfig().push)?.name).toBe('webpush');
  });
});

describe('push endpoint allow-list', () => {
  const hosts = DEFAULT_PUSH_SERVICE_HOSTS.split(',');
  it('accepts https endpoints of the listed push services, exact or by *. suffix', () => {
    expect(pushEndpointAllowed('https://fcm.googleapis.com/fcm/send/abc', hosts)).toBe(true);
    expect(pushEndpointAllowed('https://updates.push.services.mozilla.com/wpush/v2/x', hosts)).toBe(true);
    expect(pushEndpointAllowed('https://web.push.apple.com/QG', hosts)).toBe(true);
    expect(pushEndpointAllowed('https://api.push.apple.com/3/device/x', hosts)).toBe(true);
    expect(pushEndpointAllowed('https://wns2-par02p.notify.windows.com/w/?token=x', hosts)).toBe(true);
  });
  it('refuses everything else', () => {
    for (const endpoint of [
      'https://push.apple.com/x', // `*.` needs a subdomain
      'https://evilpush.apple.com.attacker.example/x',
      'https://fcm.googleapis.com.attacker.example/x',
      'https://attacker.example/fcm.googleapis.com',
      'http://fcm.googleapis.com/fcm/send/abc',
      'https://user:pw@fcm.googleapis.com/fcm/send/abc',
      'https://127.0.0.1/push',
      'https://169.254.169.254/latest/meta-data',
      'file:///etc/passwd',
      'not a url',
    ]) {
      expect(pushEndpointAllowed(endpoint, hosts), endpoint).toBe(false);
    }
  });
  it('plain http only for an allowed loopback host (the tests\' stand-in)', () => {
    expect(pushEndpointAllowed('http://127.0.0.1:4000/push/1', ['127.0.0.1'])).toBe(true);
    expect(pushEndpointAllowed('http://127.0.0.1:4000/push/1', hosts)).toBe(false);
    expect(pushEndpointAllowed('http://10.0.0.1/push/1', ['10.0.0.1'])).toBe(false);
  });
});

describe('push payload', () => {
  const base = { kitaName: 'Kita Sonnenschein', parentId: 'p1', eventId: 'e1' };
  it('has a generic text per kind in every family language, the Kita as title and no child name', () => {
    for (const language of LANGUAGES) {
      const texts = new Set<string>();
      for (const kind of ['inquiry', 'reminder', 'results', 'slot_offered'] as const) {
        const n = pushNotification({ ...base, kind, language, linkToken: 'tok' });
        expect(n.title).toBe('Kita Sonnenschein');
        expect(n.body, `${language} ${kind}`).not.toMatch(/^messages\./);
        texts.add(n.body);
      }
      expect(texts.size, language).toBe(4);
    }
  });
  it('opens the answer page for an inquiry or reminder, the family page otherwise', () => {
    expect(pushNotification({ ...base, kind: 'inquiry', language: 'de', linkToken: 'abc' })).toMatchObject({ url: '/p/abc', tag: 'inquiry:e1' });
    expect(pushNotification({ ...base, kind: 'slot_offered', language: 'ar' })).toMatchObject({ url: '/parents/p1', tag: 'slot_offered:e1' });
    expect(() => pushNotification({ ...base, kind: 'reminder', language: 'de' })).toThrow(/needs its preference link token/);
  });
  it('stays within 3 KB and has an RFC 8030 topic', () => {
    const n = pushNotification({ ...base, kitaName: 'K'.repeat(5000), kind: 'results', language: 'uk' });
    expect(Buffer.byteLength(pushPayloadJson(n, 'r'.repeat(22)))).toBeLessThanOrEqual(PUSH_PAYLOAD_MAX_BYTES);
    expect(pushTopic('inquiry:e1')).toMatch(/^[A-Za-z0-9_-]{32}$/);
  });
});
