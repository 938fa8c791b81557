import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, loadDotEnv, parseTrustProxy, unknownVariables } from './config.js';
import { demoSeedWanted } from './ops/startup.js';

const prod = { JWT_SECRET: 'c4f1e9a07b3d52e8a6f0d19b7c2e4a8f5b3d0e6c', PUBLIC_URL: 'https://kita.example.org', DATABASE_URL: 'postgres://db/kita' };

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
