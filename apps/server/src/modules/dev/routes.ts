import { desc, ilike } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { devMessageSchema, devMessagesQuerySchema, envelope, normalizePhone } from '@kita/shared';
import { outboxMessages } from '../../db/schema.js';
import { notFound } from '../../lib/errors.js';
import { markAuthGuard } from '../../plugins/route-guard.js';
import { realTransportConfigured } from '../../notify/transports.js';
import type { Config } from '../../config.js';

/** 127.0.0.0/8, ::1 and IPv4-mapped loopback. */
export const isLoopback = (ip: string) => /^(127\.|::ffff:127\.)/.test(ip) || ip === '::1';
import { openMessage, outboxSecretKey } from '../../notify/secrets.js';

/**
 * The filter matches any part of a recipient, with LIKE wildcards in the input taken
 * literally. A phone number in any spelling (`0170 1234567`) matches its stored E.164 form, and a
 * partial number (`170 123`) its digits.
 */
function recipientPattern(query: string): string {
  const phone = normalizePhone(query);
  const text = phone ?? (/^[+\d\s()/-]+$/.test(query) ? query.replace(/[\s()/-]/g, '') : query);
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * Whether a request came straight from this machine: the socket's peer is loopback AND no proxy
 * header is present. A request a reverse proxy on the same host forwards arrives from loopback too,
 * and with TRUST_PROXY set `req.ip` is whatever X-Forwarded-For says (`127.0.0.1` from outside
 * passed before issue 21), so neither counts.
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
 * SMS transport configured (issue 21: with one, it showed really-sent reset links to anonymous
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

  app.get(
    '/dev/messages',
    {
      preHandler: onlyLocalOrAdmin,
      schema: {
        tags: ['dev'],
        summary: 'Dev mailbox: all messages, newest first (not in production)',
        querystring: devMessagesQuerySchema,
        response: { 200: envelope(z.array(devMessageSchema)) },
      },
    },
    async (req) => {
      const m = outboxMessages;
      const rows = await app.db
        .select()
        .from(m)
        .where(req.query.recipient ? ilike(m.recipient, `%${recipientPattern(req.query.recipient)}%`) : undefined)
        .orderBy(desc(m.createdAt), desc(m.id))
        .limit(req.query.limit);
      // Shown as delivered: the sealed link or code is put back in (only outside production).
      const key = outboxSecretKey(app.config.jwtSecret);
      return {
        data: rows.map((row) => openMessage(row, key)).map((r) => ({
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
  );
};
