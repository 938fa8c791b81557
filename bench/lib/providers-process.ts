/**
 * The fan-out benchmark's external providers in their own process, as in production: a local SMTP
 * server and the fake Twilio API. Reports its addresses once, then the number of accepted messages
 * and the link tokens of the messages received whenever asked (IPC).
 */
import { startFakeTwilio, startSmtpSink } from '../../apps/server/test/fake-providers.js';

export type ProvidersReply =
  | { type: 'ready'; smtpUrl: string; twilioUrl: string; accountSid: string; authToken: string }
  | { type: 'count'; emails: number; sms: number }
  | { type: 'links'; tokens: string[] };

/** The preference link tokens in the messages received so far (short `/p/<token>` or long `?token=` form). */
const LINK = /\/(?:p\/|preference\?token=)([\w-]+)/;

const smtp = await startSmtpSink();
const twilio = await startFakeTwilio();
const send = (m: ProvidersReply) => process.send!(m);
send({ type: 'ready', smtpUrl: smtp.url, twilioUrl: twilio.url, accountSid: twilio.accountSid, authToken: twilio.authToken });
// Gone with the benchmark process, even when it was killed.
process.on('disconnect', () => process.exit(0));
process.on('message', async (m: { type: 'count' | 'links' | 'stop' }) => {
  if (m.type === 'count') send({ type: 'count', emails: smtp.mails.length, sms: twilio.messages.length });
  if (m.type === 'links') {
    const texts = [...smtp.mails.map((mail) => mail.text), ...twilio.messages.map((sms) => sms.body)];
    send({ type: 'links', tokens: texts.flatMap((t) => LINK.exec(t ?? '')?.[1] ?? []) });
  }
  if (m.type === 'stop') {
    await smtp.close();
    await twilio.close();
    process.exit(0);
  }
});
