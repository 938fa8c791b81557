import nodemailer from 'nodemailer';
import { PermanentDeliveryError, type Deliverable, type Transport } from './transport.js';

/** nodemailer's error fields we look at. */
interface SmtpError extends Error {
  responseCode?: number;
  command?: string;
}

/**
 * E-mail over SMTP with nodemailer's connection pool. `url` is SMTP_URL
 * (smtp://user:pass@host:587, or smtps:// for implicit TLS); `from` is SMTP_FROM.
 */
export function createSmtpTransport(opts: { url: string; from: string; maxConnections?: number }): Transport {
  const transporter = nodemailer.createTransport({
    url: opts.url,
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
        return { providerMessageId: info.messageId ?? null };
      } catch (err) {
        const e = err as SmtpError;
        // 550/551/553 or any 5xx to RCPT TO: the address is refused; retrying will not help.
        if (e.responseCode && (e.responseCode === 550 || e.responseCode === 551 || e.responseCode === 553 || (e.responseCode >= 500 && e.command === 'RCPT TO'))) {
          throw new PermanentDeliveryError(`SMTP ${e.responseCode}: ${e.message}`);
        }
        throw err;
      }
    },
    async close() {
      transporter.close();
    },
  };
}
