import { ConfigError, type Config } from '../config.js';
import { createSmtpTransport, smtpRequiresTls } from './smtp.js';
import { devMailbox, type Transport } from './transport.js';
import { createSevenTransport } from './seven.js';
import { createTwilioTransport } from './twilio.js';

export interface Transports {
  email: Transport;
  sms: Transport;
}

/**
 * Chooses the transports by configuration (see .env.example): SMTP_URL -> e-mail over SMTP;
 * TWILIO_ACCOUNT_SID + TWILIO_AUTH_TOKEN + TWILIO_FROM -> SMS through Twilio, SEVEN_API_KEY +
 * SEVEN_FROM -> SMS through seven.io (SMS_PROVIDER chooses when both are set). What is not
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
  const sevenSet = [config.SEVEN_API_KEY, config.SEVEN_FROM].filter(Boolean).length;
  if (sevenSet === 1) problems.push('  SEVEN_API_KEY, SEVEN_FROM: set both or none');
  const provider = config.SMS_PROVIDER ?? (twilioSet === 3 ? 'twilio' : sevenSet === 2 ? 'seven' : null);
  if (config.SMS_PROVIDER === 'twilio' && twilioSet < 3) problems.push('  SMS_PROVIDER=twilio needs TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN, TWILIO_FROM');
  if (config.SMS_PROVIDER === 'seven' && sevenSet < 2) problems.push('  SMS_PROVIDER=seven needs SEVEN_API_KEY, SEVEN_FROM');
  if (config.NODE_ENV === 'production') {
    if (!config.SMTP_URL) problems.push('  SMTP_URL: required in production (e-mail delivery), e.g. smtp://user:pass@mail.example.org:587');
    if (!provider) problems.push('  TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN, TWILIO_FROM (or SEVEN_API_KEY, SEVEN_FROM): required in production (SMS delivery)');
  }
  if (config.SMTP_URL && !/^smtps?:\/\//.test(config.SMTP_URL)) problems.push('  SMTP_URL: must start with smtp:// or smtps://');
  if (problems.length > 0) throw new ConfigError(`Invalid configuration:\n${problems.join('\n')}`);

  const email = config.SMTP_URL ? createSmtpTransport({ url: config.SMTP_URL, from: config.SMTP_FROM, requireTLS: smtpRequiresTls(config) }) : devMailbox;
  const sms =
    provider === 'twilio'
      ? createTwilioTransport({
          apiUrl: config.TWILIO_API_URL,
          accountSid: config.TWILIO_ACCOUNT_SID!,
          authToken: config.TWILIO_AUTH_TOKEN!,
          from: config.TWILIO_FROM!,
          ratePerSecond: config.SMS_RATE_PER_SECOND,
          statusCallbackUrl: `${config.publicUrl}/api/delivery/twilio/status${config.TWILIO_CALLBACK_OVERRIDES ? `#${config.TWILIO_CALLBACK_OVERRIDES}` : ''}`,
        })
      : provider === 'seven'
        ? createSevenTransport({ apiUrl: config.SEVEN_API_URL, apiKey: config.SEVEN_API_KEY!, from: config.SEVEN_FROM!, ratePerSecond: config.SMS_RATE_PER_SECOND })
        : devMailbox;
  return { email, sms };
}

/** Closes pooled connections (SMTP) on shutdown. */
export async function closeTransports(t: Transports): Promise<void> {
  await Promise.all([t.email.close?.(), t.sms === t.email ? undefined : t.sms.close?.()]);
}

/**
 * Whether any real transport (SMTP, Twilio, seven.io) is configured. The dev mailbox (GET
 * dev/messages) is never on then: it would show really-sent codes and links.
 */
export function realTransportConfigured(config: Config): boolean {
  return Boolean(config.SMTP_URL || config.TWILIO_ACCOUNT_SID || config.TWILIO_AUTH_TOKEN || config.TWILIO_FROM || config.SEVEN_API_KEY || config.SEVEN_FROM);
}
