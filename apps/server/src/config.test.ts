import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, loadDotEnv, MIN_SECRET_BITS, parseTrustProxy, secretStrengthBits, unknownVariables } from './config.js';
import { demoSeedWanted } from './ops/startup.js';
import { LEGAL_ENV } from '../test/legal-env.js';
import { refusedConfig } from '../test/config-refusal.js';

const prod = {
  JWT_SECRET: 'c4f1e9a07b3d52e8a6f0d19b7c2e4a8f5b3d0e6c',
  PUBLIC_URL: 'https://kita.stadt-test.de',
  DATABASE_URL: 'postgres://db/kita',
  SMTP_FROM: 'Kita Notbetreuung <no-reply@stadt-test.de>',
  FAQ_URL: 'https://www.stadt-test.de/kita-faq',
  ...LEGAL_ENV,
};

/** The one line of a refused configuration that names `name`. */
function refusal(env: Record<string, string>, name: string): string {
  const message = refusedConfig(env);
  const line = message.split('\n').find((l) => l.trim().startsWith(`${name}:`));
  expect(line, message).toBeDefined();
  return line!.trim();
}

describe('loadConfig', () => {
  it('counts an empty or blank variable as unset', () => {
    const c = loadConfig({ ...prod, NODE_ENV: 'production', DATA_DIR: '', PORT: ' ', TRUST_PROXY: '', LOG_LEVEL: '' });
    expect(c).toMatchObject({ PORT: 3000, dataDir: path.resolve('./data'), TRUST_PROXY: false, LOG_LEVEL: 'info' });
    // DATABASE_URL= means "embedded database", not "invalid URL".
    const dir = mkdtempSync(path.join(tmpdir(), 'kita-config-'));
    try {
      const dev = loadConfig({ NODE_ENV: 'development', DATABASE_URL: '', DATA_DIR: dir });
      expect(dev.embedded).toBe(true);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('defaults to production: secrets and the public URL are required unless development is set', () => {
    expect(() => loadConfig({ DATABASE_URL: 'postgres://db/kita' })).toThrow(/JWT_SECRET: required in production/);
    expect(loadConfig(prod).NODE_ENV).toBe('production');
  });

  it('listens on loopback in development and on every interface otherwise, unless HOST says', () => {
    expect(loadConfig({ ...prod, NODE_ENV: 'development' }).HOST).toBe('127.0.0.1');
    expect(loadConfig(prod).HOST).toBe('0.0.0.0');
    expect(loadConfig({ ...prod, NODE_ENV: 'development', HOST: '0.0.0.0' }).HOST).toBe('0.0.0.0');
  });

  it('reads TRUST_PROXY as off, a hop count or an address list, and refuses `true`', () => {
    expect(loadConfig(prod).TRUST_PROXY).toBe(false);
    expect(loadConfig({ ...prod, TRUST_PROXY: '1' }).TRUST_PROXY).toBe(1);
    expect(loadConfig({ ...prod, TRUST_PROXY: '10.0.0.0/8, 127.0.0.1,loopback' }).TRUST_PROXY).toEqual(['10.0.0.0/8', '127.0.0.1', 'loopback']);
    expect(() => loadConfig({ ...prod, TRUST_PROXY: 'true' })).toThrow(ConfigError);
    expect(() => loadConfig({ ...prod, TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY: .*hop count/);
    expect(parseTrustProxy('10.0.0.0/33')).toMatch(/^!/);
    expect(parseTrustProxy('proxy.local')).toMatch(/^!/);
  });

  it('names variables that look like ours but are not settings', () => {
    expect(unknownVariables({ DATABSE_URL: 'x', SMTP_PASSWORD: 'x', PATH: '/bin', HOME: '/root', TEST_DATABASE_URL: 'x', PORT: '1' })).toEqual([
      'DATABSE_URL is not a setting (did you mean DATABASE_URL?)',
      'SMTP_PASSWORD is not a setting (see .env.example)',
    ]);
    expect(loadConfig({ ...prod, TWILIO_TOKEN: 'x' }).warnings).toEqual([expect.stringContaining('TWILIO_TOKEN is not a setting')]);
  });

  it('validates the retention period', () => {
    expect(loadConfig(prod).RETENTION_MESSAGES_DAYS).toBe(90);
    expect(() => loadConfig({ ...prod, RETENTION_MESSAGES_DAYS: '0' })).toThrow(/RETENTION_MESSAGES_DAYS/);
  });
});

describe('production settings', () => {
  let dir: string;
  beforeAll(() => void (dir = mkdtempSync(path.join(tmpdir(), 'kita-prod-'))));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('needs DATABASE_URL: a postgres:// URL or an explicit `embedded`; unset (or a misspelt name) is refused', () => {
    const { DATABASE_URL: _u, ...noUrl } = prod;
    expect(refusal(noUrl, 'DATABASE_URL')).toMatch(/required in production: a postgres:\/\/ URL, or `embedded`/);
    // A misspelt variable name leaves DATABASE_URL unset: refused, not an embedded production.
    expect(refusal({ ...noUrl, DATABSE_URL: 'postgres://db/kita' }, 'DATABASE_URL')).toMatch(/required in production/);
    expect(refusal({ ...prod, DATABASE_URL: 'postgress://db/kita' }, 'DATABASE_URL')).toMatch(/postgres:\/\/ URL or `embedded`/);
    const embedded = loadConfig({ ...prod, DATABASE_URL: 'embedded', DATA_DIR: path.join(dir, 'data') });
    expect(embedded).toMatchObject({ embedded: true, DATABASE_URL: undefined });
    expect(loadConfig(prod)).toMatchObject({ embedded: false, DATABASE_URL: 'postgres://db/kita' });
  });

  it('refuses WORKER=off with the embedded database (nothing could ever deliver)', () => {
    expect(refusal({ ...prod, DATABASE_URL: 'embedded', DATA_DIR: path.join(dir, 'data'), WORKER: 'off' }, 'WORKER')).toMatch(/never deliver/);
    expect(loadConfig({ ...prod, WORKER: 'off' }).WORKER).toBe('off');
  });

  it('needs an https PUBLIC_URL unless a lab opts out with ALLOW_HTTP_PUBLIC_URL=1', () => {
    expect(refusal({ ...prod, PUBLIC_URL: 'http://kita.stadt-test.de' }, 'PUBLIC_URL')).toMatch(/https:\/\/.*ALLOW_HTTP_PUBLIC_URL=1/);
    expect(loadConfig({ ...prod, PUBLIC_URL: 'http://10.0.0.5:3000', ALLOW_HTTP_PUBLIC_URL: '1' }).publicUrl).toBe('http://10.0.0.5:3000');
    expect(loadConfig({ ...prod, NODE_ENV: 'development', PUBLIC_URL: 'http://localhost:3000' }).publicUrl).toBe('http://localhost:3000');
  });

  it('needs the operator\'s own SMTP_FROM; FAQ_URL may be unset (the built-in help page) but never the kita.example placeholder', () => {
    const { SMTP_FROM: _f, FAQ_URL: _q, ...without } = prod;
    expect(refusal(without, 'SMTP_FROM')).toMatch(/your own sender address/);
    expect(refusal({ ...prod, SMTP_FROM: 'Kita Notbetreuung <no-reply@kita.example>' }, 'SMTP_FROM')).toMatch(/required in production/);
    expect(refusal({ ...prod, FAQ_URL: 'https://www.kita.example/faq-notbetreuung' }, 'FAQ_URL')).toMatch(/your own FAQ page, or unset for the built-in help page/);
    expect(loadConfig(prod).SMTP_FROM).toBe('Kita Notbetreuung <no-reply@stadt-test.de>');
    expect(loadConfig({ ...prod, FAQ_URL: undefined }).FAQ_URL).toBeUndefined();
  });

  it('refuses guessable passphrases as JWT_SECRET by an entropy estimate, accepts random ones', () => {
    for (const guessable of [
      'production-secret-production-secret-0123456789',
      'correct horse battery staple kita berlin 2026',
      'Kita-Sonnenschein-Berlin-Mitte-Geheimnis-2026!',
      'Notbetreuung.Stadtverwaltung.Passwort.12345678',
    ]) {
      expect(secretStrengthBits(guessable)).toBeLessThan(MIN_SECRET_BITS);
      expect(refusal({ ...prod, JWT_SECRET: guessable }, 'JWT_SECRET')).toMatch(/^JWT_SECRET: guessable \(about \d+ bits estimated, at least 112 needed.*openssl rand -hex 32/);
    }
    for (let i = 0; i < 300; i++) {
      for (const secret of [randomBytes(32).toString('hex'), randomBytes(32).toString('base64'), randomBytes(32).toString('base64url'), randomBytes(16).toString('hex')]) {
        expect(secretStrengthBits(secret)).toBeGreaterThanOrEqual(MIN_SECRET_BITS);
      }
    }
  });

  it('keeps the API description off in production unless API_DOCS=admin; public is refused there', () => {
    expect(loadConfig(prod).API_DOCS).toBe('off');
    expect(loadConfig({ ...prod, API_DOCS: 'admin' }).API_DOCS).toBe('admin');
    expect(refusal({ ...prod, API_DOCS: 'public' }, 'API_DOCS')).toMatch(/not allowed in production/);
    expect(loadConfig({ ...prod, NODE_ENV: 'development' }).API_DOCS).toBe('public');
  });

  it('names every problem at once, one line each', () => {
    const { SMTP_FROM: _f, FAQ_URL: _q, DATABASE_URL: _u, ...bare } = prod;
    const message = (() => {
      try {
        loadConfig({ ...bare, PUBLIC_URL: 'http://kita.stadt-test.de' });
      } catch (err) {
        return (err as Error).message;
      }
      return '';
    })();
    expect(message.split('\n').slice(1).map((l) => l.trim().split(':')[0])).toEqual(['DATABASE_URL', 'PUBLIC_URL', 'SMTP_FROM']);
  });

  it('refuses a DATA_DIR whose parent folder does not exist, in one line', () => {
    expect(refusal({ NODE_ENV: 'development', DATA_DIR: path.join(dir, 'no/such/parent/data') }, 'DATA_DIR')).toBe(
      `DATA_DIR: ${path.join(dir, 'no/such/parent/data')} cannot be created: its parent folder ${path.join(dir, 'no/such/parent')} does not exist`,
    );
  });
});

describe('loadDotEnv', () => {
  it('reads .env when present; variables already set win', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'kita-env-'));
    const file = path.join(dir, '.env');
    writeFileSync(file, 'KITA_TEST_FROM_DOTENV=from-file\nKITA_TEST_ALREADY_SET=from-file\n');
    process.env.KITA_TEST_ALREADY_SET = 'from-env';
    try {
      expect(loadDotEnv(path.join(dir, 'missing.env'))).toBe(false);
      expect(loadDotEnv(file)).toBe(true);
      expect(process.env.KITA_TEST_FROM_DOTENV).toBe('from-file');
      expect(process.env.KITA_TEST_ALREADY_SET).toBe('from-env');
    } finally {
      delete process.env.KITA_TEST_FROM_DOTENV;
      delete process.env.KITA_TEST_ALREADY_SET;
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('demo data', () => {
  it('is loaded only under an explicit NODE_ENV=development, never in production whatever SEED_DEMO says', () => {
    expect(demoSeedWanted({ NODE_ENV: 'development', SEED_DEMO: 'auto', embedded: true })).toBe(true);
    expect(demoSeedWanted({ NODE_ENV: 'development', SEED_DEMO: 'auto', embedded: false })).toBe(false);
    expect(demoSeedWanted({ NODE_ENV: 'development', SEED_DEMO: 'always', embedded: false })).toBe(true);
    expect(demoSeedWanted({ NODE_ENV: 'development', SEED_DEMO: 'never', embedded: true })).toBe(false);
    for (const SEED_DEMO of ['auto', 'always', 'never'] as const) {
      expect(demoSeedWanted({ NODE_ENV: 'production', SEED_DEMO, embedded: true })).toBe(false);
      expect(demoSeedWanted({ NODE_ENV: 'test', SEED_DEMO, embedded: true })).toBe(false);
    }
  });
});
