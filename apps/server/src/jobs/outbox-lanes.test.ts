import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/app.js';
import { startFakeTwilio, startSmtpSink, type FakeTwilio, type SmtpSink, providerEnv } from '../../test/fake-providers.js';
import { composeMessage } from '../notify/messages.js';
import { enqueueMessages } from '../notify/outbox.js';
import { createTransports, closeTransports, type Transports } from '../notify/transports.js';
import { testConfig } from '../../test/app.js';

/**
 * The outbox worker delivers each channel in its own lane: SMS held back by the provider's rate
 * limit (SMS_RATE_PER_SECOND) never keep e-mails waiting (a fan-out is half e-mail, half SMS).
 */
let smtp: SmtpSink;
let twilio: FakeTwilio;
let transports: Transports;
let t: TestContext;

beforeAll(async () => {
  smtp = await startSmtpSink();
  twilio = await startFakeTwilio();
  const env = providerEnv(smtp, twilio, { SMS_RATE_PER_SECOND: '2' });
  transports = createTransports(testConfig(env));
  t = await createTestApp({ env, transports });
});
afterAll(async () => {
  await t.close();
  await closeTransports(transports);
  await smtp.close();
  await twilio.close();
});

describe('outbox lanes', () => {
  it('delivers e-mails at once while SMS trickle out at the configured rate', async () => {
    // The SMS are older, so a single queue would hand them out first.
    await enqueueMessages(t.db, Array.from({ length: 24 }, (_, i) => ({
      ...composeMessage('credits_reset', { language: 'de', channel: 'sms', recipient: `+4915100000${String(i).padStart(2, '0')}`, vars: { kitaName: 'Sonnenschein' } }),
      idempotencyKey: `lane-sms-${i}`,
    })));
    await enqueueMessages(t.db, Array.from({ length: 8 }, (_, i) => ({
      ...composeMessage('credits_reset', { language: 'de', channel: 'email', recipient: `lane${i}@familie.test`, vars: { kitaName: 'Sonnenschein' } }),
      idempotencyKey: `lane-mail-${i}`,
    })));
    const start = Date.now();
    t.app.outbox.start();
    while (smtp.mails.length < 8 && Date.now() - start < 15_000) await new Promise((r) => setTimeout(r, 20));
    const smsWhenMailsDone = twilio.messages.length;
    await t.app.outbox.stop();
    expect(smtp.mails).toHaveLength(8);
    // At 2 SMS per second 24 SMS take 12 s; with one queue the worker's 10 slots would all wait on
    // SMS and the e-mails would follow the 14th. In their own lane they did not wait.
    expect(smsWhenMailsDone).toBeLessThan(10);
    expect(twilio.messages).toHaveLength(24);
  });
});
