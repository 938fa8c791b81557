import { desc, ilike } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { devMessageSchema, devMessagesQuerySchema, envelope, normalizePhone } from '@kita/shared';
import { outboxMessages } from '../../db/schema.js';
import { notFound } from '../../lib/errors.js';
import { markAuthGuard } from '../../plugins/route-guard.js';

/** 127.0.0.0/8, ::1 and IPv4-mapped loopback. */
export const isLoopback = (ip: string) => /^(127\.|::ffff:127\.)/.test(ip) || ip === '::1';
import { rebaseLinks } from '../../notify/public-url.js';
import { openMessage, outboxSecretKeys } from '../../notify/secrets.js';

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
 * GET dev/messages (added): every outbox message, newest first, so a newcomer can follow
 * activation, OTP and reset flows with no mail or SMS account. It shows every OTP, reset link and
 * preference token, so it exists only under an explicit NODE_ENV=development, and even then answers
 * only clients on this machine (loopback; behind a proxy the address TRUST_PROXY yields) or a
 * logged-in Admin. Everyone else gets 404, like any unknown path.
 */
export const devRoutes: FastifyPluginAsyncZod = async (app) => {
  if (app.config.NODE_ENV !== 'development') return;
  const onlyLocalOrAdmin = markAuthGuard(async (req: FastifyRequest) => {
    if (isLoopback(req.ip)) return;
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
      const keys = outboxSecretKeys(app.config);
      return {
        data: rows.map((row) => rebaseLinks(openMessage(row, keys), row.publicUrl, app.config.publicUrl)).map((r) => ({
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
