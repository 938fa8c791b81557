import { ConfigError, type Config } from '../config.js';
import { createSmtpTransport } from './smtp.js';
import { devMailbox, type Transport } from './transport.js';
import { createTwilioTransport } from './twilio.js';

export interface Transports {
  email: Transport;
  sms: Transport;
}

/**
 * Chooses the transports by configuration (see .env.example): SMTP_URL -> e-mail over SMTP;
 * TWILIO_ACCOUNT_SID + TWILIO_AUTH_TOKEN + TWILIO_FROM -> SMS through Twilio. What is not
 * configured goes to the dev mailbox (stored only, shown at /dev/mailbox) outside production;
 * in production a missing transport stops the start with a clear message, because parents
 * would otherwise silently receive nothing.
 */
export function createTransports(config: Config): Transports {
  const problems: string[] = [];
  const twilioKeys = [config.TWILIO_ACCOUNT_SID, config.TWILIO_AUTH_TOKEN, config.TWILIO_FROM];
  const twilioSet = twilioKeys.filter(Boolean).length;
  if (twilioSet > 0 && twilioSet < 3) {
    problems.push('  TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN, TWILIO_FROM: set all three or none');
  }
  if (config.NODE_ENV === 'production') {
    if (!config.SMTP_URL) problems.push('  SMTP_URL: required in production (e-mail delivery), e.g. smtp://user:pass@mail.example.org:587');
    if (twilioSet === 0) problems.push('  TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN, TWILIO_FROM: required in production (SMS delivery)');
  }
  if (config.SMTP_URL && !/^smtps?:\/\//.test(config.SMTP_URL)) problems.push('  SMTP_URL: must start with smtp:// or smtps://');
  if (problems.length > 0) throw new ConfigError(`Invalid configuration:\n${problems.join('\n')}`);

  const email = config.SMTP_URL ? createSmtpTransport({ url: config.SMTP_URL, from: config.SMTP_FROM }) : devMailbox;
  const sms =
    twilioSet === 3
      ? createTwilioTransport({
          apiUrl: config.TWILIO_API_URL,
          accountSid: config.TWILIO_ACCOUNT_SID!,
          authToken: config.TWILIO_AUTH_TOKEN!,
          from: config.TWILIO_FROM!,
          ratePerSecond: config.SMS_RATE_PER_SECOND,
        })
      : devMailbox;
  return { email, sms };
}

/** Closes pooled connections (SMTP) on shutdown. */
export async function closeTransports(t: Transports): Promise<void> {
  await Promise.all([t.email.close?.(), t.sms === t.email ? undefined : t.sms.close?.()]);
}
