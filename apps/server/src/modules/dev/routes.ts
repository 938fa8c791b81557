import { desc, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { devMessageSchema, devMessagesQuerySchema, envelope } from '@kita/shared';
import { outboxMessages } from '../../db/schema.js';
import { openMessage, outboxSecretKey } from '../../notify/secrets.js';

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
        .where(req.query.recipient ? eq(m.recipient, req.query.recipient) : undefined)
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
