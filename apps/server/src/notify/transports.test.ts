import { describe, expect, it } from 'vitest';
import { ConfigError } from '../config.js';
import { testConfig } from '../../test/app.js';
import { redactContacts } from '../jobs/outbox-worker.js';
import { createTransports } from './transports.js';
import { LEGAL_ENV } from '../../test/legal-env.js';

const TWILIO = { TWILIO_ACCOUNT_SID: 'AC1', TWILIO_AUTH_TOKEN: 'token', TWILIO_FROM: '+4930123' };
/** The settings production needs besides the transports (config.ts). */
const PRODUCTION = {
  NODE_ENV: 'production', ...LEGAL_ENV,
  JWT_SECRET: 'f3a9c1e7b5d20846ac9e1f7b3d5a0c2e',
  PUBLIC_URL: 'https://kita.stadt-test.de',
  SMTP_FROM: 'no-reply@stadt-test.de',
  FAQ_URL: 'https://stadt-test.de/faq',
};

describe('createTransports', () => {
  it('uses the dev mailbox outside production when nothing is configured', () => {
    const t = createTransports(testConfig({ NODE_ENV: 'development' }));
    expect([t.email.name, t.sms.name]).toEqual(['dev', 'dev']);
  });

  it('chooses SMTP and Twilio when configured', async () => {
    const t = createTransports(testConfig({ SMTP_URL: 'smtp://u:p@127.0.0.1:2525', ...TWILIO }));
    expect([t.email.name, t.sms.name]).toEqual(['smtp', 'twilio']);
    await t.email.close?.();
  });

  it('refuses to start in production without transports, naming what is missing', () => {
    expect(() => createTransports(testConfig(PRODUCTION))).toThrow(ConfigError);
    expect(() => createTransports(testConfig(PRODUCTION))).toThrow(/SMTP_URL: required in production[\s\S]*TWILIO_ACCOUNT_SID/);
    expect(() => createTransports(testConfig({ ...PRODUCTION, SMTP_URL: 'smtp://h:25' }))).toThrow(/TWILIO_ACCOUNT_SID.*required in production/);
  });

  it('refuses half a Twilio configuration and a wrong SMTP URL', () => {
    expect(() => createTransports(testConfig({ TWILIO_ACCOUNT_SID: 'AC1' }))).toThrow(/set all three or none/);
    expect(() => createTransports(testConfig({ SMTP_URL: 'http://mail' }))).toThrow(/smtp:\/\/ or smtps:\/\//);
  });
});

describe('redactContacts', () => {
  it('masks phone numbers and e-mail addresses in logged provider errors', () => {
    const s = redactContacts("The 'To' number +491701234567 is not valid; rejected anna.mueller@example.org");
    expect(s).not.toContain('1701234567');
    expect(s).not.toContain('anna.mueller');
    expect(s).toContain('***67');
    expect(s).toContain('a***@example.org');
  });
});
