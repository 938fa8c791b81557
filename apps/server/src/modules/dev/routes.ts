import { and, desc, ilike, ne, or, sql, type SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { devApi } from '@kita/shared/api';
import { serve } from '../../lib/routes.js';
import { normalizePhone } from '@kita/shared';
import { outboxMessages } from '../../db/schema.js';
import { notFound } from '../../lib/errors.js';
import { markAuthGuard } from '../../plugins/route-guard.js';
import { realTransportConfigured } from '../../notify/transports.js';
import type { Config } from '../../config.js';

/** 127.0.0.0/8, ::1 and IPv4-mapped loopback. */
export const isLoopback = (ip: string) => /^(127\.|::ffff:127\.)/.test(ip) || ip === '::1';
import { rebaseLinks } from '../../notify/public-url.js';
import { withLegalLinks } from '../../notify/legal-links.js';
import { openMessage, outboxSecretKeys } from '../../notify/secrets.js';

/**
 * The filter matches any part of a recipient, with LIKE wildcards in the input taken
 * literally. A phone number in any spelling (`0170 1234567`) matches its stored E.164 form, and a
 * partial number (`170 123`, `3920000`) its digits: a digit fragment is no number of its own
 * ("3920000" was read as a landline number +493920000 and found nothing).
 */
export function recipientPatterns(query: string): string[] {
  const escape = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
  if (!/^[+\d\s()/.-]+$/.test(query)) return [escape(query)];
  const digits = query.replace(/\D/g, '');
  const patterns = new Set<string>();
  const phone = normalizePhone(query);
  if (phone) patterns.add(phone);
  if (digits) {
    patterns.add(digits);
    // A national spelling's leading 0 is not stored (+49…).
    if (digits.startsWith('0') && digits.replace(/^0+/, '')) patterns.add(digits.replace(/^0+/, ''));
  }
  return [...patterns].map(escape);
}

function recipientFilter(query: string | undefined): SQL | undefined {
  if (!query) return undefined;
  return or(...recipientPatterns(query).map((p) => ilike(outboxMessages.recipient, `%${p}%`)));
}

/**
 * Whether a request came straight from this machine: the socket's peer is loopback AND no proxy
 * header is present. A request a reverse proxy on the same host forwards arrives from loopback too,
 * and with TRUST_PROXY set `req.ip` is whatever X-Forwarded-For says (`127.0.0.1` from outside
 * once passed this check), so neither counts.
 */
export function isDirectLoopback(req: Pick<FastifyRequest, 'headers' | 'socket'>): boolean {
  const h = req.headers;
  if (h['x-forwarded-for'] !== undefined || h.forwarded !== undefined || h['x-real-ip'] !== undefined || h['x-forwarded-host'] !== undefined) return false;
  return isLoopback(req.socket.remoteAddress ?? '');
}

/** Whether the dev mailbox exists: development only, and never when a real transport is configured. */
export const devMailboxOn = (config: Config) => config.NODE_ENV === 'development' && !realTransportConfigured(config);

/**
 * GET dev/messages (added): every outbox message, newest first, so a newcomer can follow
 * activation, OTP and reset flows with no mail or SMS account. It shows every OTP, reset link and
 * preference token, so it exists only under an explicit NODE_ENV=development with no real SMTP or
 * SMS transport configured (with one, it showed really-sent reset links to anonymous
 * callers), and even then answers only requests straight from this machine (loopback socket, no
 * proxy header) or a logged-in Admin. Everyone else gets 404, like any unknown path.
 */
export const devRoutes: FastifyPluginAsyncZod = async (app) => {
  if (!devMailboxOn(app.config)) return;
  const onlyLocalOrAdmin = markAuthGuard(async (req: FastifyRequest) => {
    if (isDirectLoopback(req)) return;
    if (req.auth?.kind === 'user' && req.auth.role === 'Admin') return;
    throw notFound();
  });

  app.route({
    ...serve(devApi.messages),
    preHandler: onlyLocalOrAdmin,
    handler: async (req) => {
      const m = outboxMessages;
      // Paging (the list stopped at 200): `before` = the last message of the previous page.
      const older = req.query.before
        ? sql`(${m.createdAt}, ${m.id}) < (select o.created_at, o.id from outbox_messages o where o.id = ${req.query.before})`
        : undefined;
      const rows = await app.db
        .select()
        .from(m)
        // Push messages go to the browsers' push services, never to this mailbox (and have no address to show).
        .where(and(ne(m.channel, 'push'), recipientFilter(req.query.recipient), older))
        .orderBy(desc(m.createdAt), desc(m.id))
        .limit(req.query.limit);
      // Shown as delivered: the sealed link or code is put back in (only outside production).
      const keys = outboxSecretKeys(app.config);
      return {
        // With the legal links every e-mail gets when it is sent (notify/legal-links.ts).
        data: rows.map((row) => withLegalLinks(rebaseLinks(openMessage(row, keys), row.publicUrl, app.config.publicUrl), row.channel, app.config.publicUrl, row.language)).map((r) => ({
          id: r.id,
          recipient: r.recipient,
          channel: r.channel as 'email' | 'sms',
          kind: r.kind,
          language: r.language,
          subject: r.subject,
          bodyText: r.bodyText,
          bodyHtml: r.bodyHtml,
          smsSegments: r.smsSegments,
          status: r.status,
          attempts: r.attempts,
          lastError: r.lastError,
          transport: r.transport,
          createdAt: r.createdAt.toISOString(),
          sentAt: r.sentAt?.toISOString() ?? null,
        })),
      };
    },
  });
};
