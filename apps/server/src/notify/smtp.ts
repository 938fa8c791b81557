import nodemailer from 'nodemailer';
import { smtpReason } from './failure-reasons.js';
import { PermanentDeliveryError, type Deliverable, type Transport } from './transport.js';

/** nodemailer's error fields we look at. */
interface SmtpError extends Error {
  responseCode?: number;
  command?: string;
}

/**
 * E-mail over SMTP with nodemailer's connection pool (at most `maxConnections`, default 5). `url` is SMTP_URL
 * (smtp://user:pass@host:587, or smtps:// for implicit TLS); `from` is SMTP_FROM.
 */
export function createSmtpTransport(opts: { url: string; from: string; maxConnections?: number; requireTLS?: boolean }): Transport {
  // nodemailer ignores every other option when given `url` (no timeouts), so the URL is taken apart
  // here. Pooled: a few connections carry many messages (a fan-out to thousands of families no
  // longer opens one connection, greeting and login per message). A pooled connection that the
  // server drops (outage, restart: 421) fails only the message in flight, which the outbox
  // retries; the pool opens new connections on demand (smtp-pool.test.ts, delivery.test.ts).
  const transporter = nodemailer.createTransport({
    ...smtpUrlOptions(opts.url),
    // smtp:// upgrades with STARTTLS when offered; with requireTLS a server that does not offer it
    // gets no AUTH and no message (the send fails and the outbox retries), never clear text.
    ...(opts.requireTLS ? { requireTLS: true } : {}),
    pool: true,
    maxConnections: opts.maxConnections ?? 5,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  } as nodemailer.TransportOptions);
  return {
    name: 'smtp',
    async send(message: Deliverable) {
      try {
        const info = await transporter.sendMail({
          from: opts.from,
          to: message.recipient,
          subject: message.subject ?? '',
          text: message.bodyText,
          ...(message.bodyHtml ? { html: message.bodyHtml } : {}),
          // A stable Message-ID per outbox row: if a crash makes us send a message twice,
          // receiving systems can recognise the duplicate.
          messageId: `<${message.idempotencyKey.replace(/[^A-Za-z0-9._-]/g, '.')}@kita-notbetreuung>`,
          headers: { 'Auto-Submitted': 'auto-generated' },
        });
        // A server that accepts the transaction but refuses the (only) recipient reports it here.
        if (info.rejected && info.rejected.length > 0) {
          const text = String(info.response ?? 'recipient rejected');
          throw new PermanentDeliveryError(`SMTP rejected recipient: ${text}`, smtpReason(undefined, text));
        }
        return { providerMessageId: info.messageId ?? null };
      } catch (err) {
        if (err instanceof PermanentDeliveryError) throw err;
        const e = err as SmtpError;
        // A hard bounce: 550/551/552/553, or any 5xx to RCPT TO: the address is refused or the
        // mailbox is full; retrying will not help.
        if (e.responseCode && ([550, 551, 552, 553].includes(e.responseCode) || (e.responseCode >= 500 && e.command === 'RCPT TO'))) {
          throw new PermanentDeliveryError(`SMTP ${e.responseCode}: ${e.message}`, smtpReason(e.responseCode, e.message));
        }
        throw err;
      }
    },
    async close() {
      transporter.close();
    },
  };
}

/** smtp://user:pass@host:587 or smtps://host:465 as nodemailer connection options. */
export function smtpUrlOptions(url: string): { host: string; port: number; secure: boolean; auth?: { user: string; pass: string } } {
  const u = new URL(url);
  const secure = u.protocol === 'smtps:';
  return {
    host: u.hostname,
    port: u.port ? Number(u.port) : secure ? 465 : 587,
    secure,
    ...(u.username ? { auth: { user: decodeURIComponent(u.username), pass: decodeURIComponent(u.password) } } : {}),
  };
}

/** 127.0.0.0/8, ::1, localhost: a mail relay on this machine (no network between us). */
export function isLoopbackHost(host: string): boolean {
  const h = host.replace(/^\[|\]$/g, '').toLowerCase();
  return h === 'localhost' || h === '::1' || /^127\./.test(h) || /^::ffff:127\./.test(h);
}

/**
 * Whether SMTP must use TLS: in production every smtp:// server that is not
 * on this machine, unless SMTP_ALLOW_PLAINTEXT=true; smtps:// is TLS from the first byte anyway.
 */
export function smtpRequiresTls(config: { NODE_ENV: string; SMTP_URL?: string | undefined; SMTP_ALLOW_PLAINTEXT: boolean }): boolean {
  if (config.NODE_ENV !== 'production' || !config.SMTP_URL || config.SMTP_ALLOW_PLAINTEXT) return false;
  const o = smtpUrlOptions(config.SMTP_URL);
  return !o.secure && !isLoopbackHost(o.host);
}
