import { desc, ilike } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { devMessageSchema, devMessagesQuerySchema, envelope, normalizePhone } from '@kita/shared';
import { outboxMessages } from '../../db/schema.js';

/**
 * The filter matches any part of a recipient (issue 14), with LIKE wildcards in the input taken
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
 * activation, OTP and reset flows with no mail or SMS account. Never registered in production
 * (the route then answers 404 like any unknown path).
 */
export const devRoutes: FastifyPluginAsyncZod = async (app) => {
  if (app.config.NODE_ENV === 'production') return;

  app.get(
    '/dev/messages',
    {
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
      return {
        data: rows.map((r) => ({
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
