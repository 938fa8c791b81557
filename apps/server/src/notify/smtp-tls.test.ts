import { networkInterfaces } from 'node:os';
import { afterAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../test/app.js';
import { startSmtpSink, type SmtpSink } from '../../test/fake-providers.js';
import { smtpRequiresTls } from './smtp.js';
import { closeTransports, createTransports } from './transports.js';
import { LEGAL_ENV } from '../../test/legal-env.js';

/**
 * `smtp://` to a server that offers no STARTTLS sent the SMTP password and a
 * password-reset link in clear text, in production, without a warning. Now production requires TLS
 * for every smtp:// server not on this machine (SMTP_ALLOW_PLAINTEXT=true is the explicit opt-out).
 * The stand-in is a real SMTP server (smtp-server) with STARTTLS disabled.
 */
const TWILIO = { TWILIO_ACCOUNT_SID: 'AC1', TWILIO_AUTH_TOKEN: 'token', TWILIO_FROM: '+4930123' };
// The settings strict production needs besides the ones under test.
const STRICT = { PUBLIC_URL: 'https://kita.stadt-test.de', SMTP_FROM: 'Kita <no-reply@stadt-test.de>', JWT_SECRET: '9f8e7d6c5b4a39281706f5e4d3c2b1a09f8e7d6c5b4a3928' };
const production = (env: Record<string, string>) => testConfig({ NODE_ENV: 'production', ...LEGAL_ENV, ...STRICT, ...TWILIO, ...env });

/** An address of this machine that is not loopback (the SMTP server then counts as "elsewhere"). */
const lanAddress = Object.values(networkInterfaces())
  .flat()
  .find((i) => i && i.family === 'IPv4' && !i.internal)?.address;

const reset = { id: 'm1', idempotencyKey: 'password_reset:1', channel: 'email' as const, recipient: 'leitung@kita.test', subject: 'Passwort zurücksetzen', bodyText: 'https://kita.test/reset-password?token=secret-reset-token', bodyHtml: null };

const sinks: SmtpSink[] = [];
afterAll(async () => Promise.all(sinks.map((s) => s.close())));

describe('SMTP TLS in production', () => {
  it('decides by mode, scheme, host and the opt-out', () => {
    expect(smtpRequiresTls(production({ SMTP_URL: 'smtp://u:p@mail.example.org:587' }))).toBe(true);
    expect(smtpRequiresTls(production({ SMTP_URL: 'smtp://u:p@192.0.2.5:25' }))).toBe(true);
    expect(smtpRequiresTls(production({ SMTP_URL: 'smtps://u:p@mail.example.org' }))).toBe(false);
    expect(smtpRequiresTls(production({ SMTP_URL: 'smtp://127.0.0.1:25' }))).toBe(false);
    expect(smtpRequiresTls(production({ SMTP_URL: 'smtp://localhost:25' }))).toBe(false);
    expect(smtpRequiresTls(production({ SMTP_URL: 'smtp://[::1]:25' }))).toBe(false);
    expect(smtpRequiresTls(production({ SMTP_URL: 'smtp://u:p@mail.example.org:587', SMTP_ALLOW_PLAINTEXT: 'true' }))).toBe(false);
    expect(smtpRequiresTls(testConfig({ NODE_ENV: 'development', SMTP_URL: 'smtp://u:p@mail.example.org:587' }))).toBe(false);
  });

  it.runIf(lanAddress)('a server elsewhere without STARTTLS gets neither the password nor the message', async () => {
    const sink = await startSmtpSink({ user: 'kita', pass: 'smtp-password', host: '0.0.0.0' });
    sinks.push(sink);
    const t = createTransports(production({ SMTP_URL: `smtp://kita:smtp-password@${lanAddress}:${sink.port}` }));
    try {
      await expect(t.email.send(reset)).rejects.toThrow(/STARTTLS/i);
      expect(sink.auths).toBe(0);
      expect(sink.mails).toHaveLength(0);
    } finally {
      await closeTransports(t);
    }
  });

  it.runIf(lanAddress)('the explicit opt-out and a relay on this machine still deliver in plain text', async () => {
    const sink = await startSmtpSink({ user: 'kita', pass: 'smtp-password', host: '0.0.0.0' });
    sinks.push(sink);
    const envs: Array<Record<string, string>> = [
      { SMTP_URL: `smtp://kita:smtp-password@${lanAddress}:${sink.port}`, SMTP_ALLOW_PLAINTEXT: 'true' },
      { SMTP_URL: `smtp://kita:smtp-password@127.0.0.1:${sink.port}` },
    ];
    for (const env of envs) {
      const t = createTransports(production(env));
      try {
        await t.email.send(reset);
      } finally {
        await closeTransports(t);
      }
    }
    expect(sink.mails).toHaveLength(2);
  });
});
