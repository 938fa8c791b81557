import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { operationsApi } from '@kita/shared/api';
import { serve } from '../../lib/routes.js';
import { type ChannelPauseView, type FailureReason, type TestMessage } from '@kita/shared';
import { uniqueKey } from '@kita/shared/message-keys';
import { audit } from '../../lib/audit.js';
import { conflict } from '../../lib/errors.js';
import { authOf } from '../../plugins/auth.js';
import { listChannelPauses, resumeChannel } from '../../notify/channel-pause.js';
import { outboxMessages } from '../../db/schema.js';
import { messageState } from './status.js';

/**
 * For operators: the banner of a delivery channel paused by an account-level provider
 * error (Admins always, managers when their Kita has messages waiting), the Admin's manual resume,
 * and the test message: one SMS and/or one e-mail to a number/address the Admin enters, with the
 * provider's answer and, when it arrives, the delivery report, so a set-up (keys, sender, webhook)
 * is proven before the first strike.
 */
export const operatorRoutes: FastifyPluginAsyncZod = async (app) => {
  const staff = app.requireRole('Admin', 'KitaManager');
  const admin = app.requireRole('Admin');

  app.route({
    ...serve(operationsApi.channelPauses),
    preHandler: staff,
    handler: async (req) => {
      const actor = authOf(req);
      const kitaId = actor.role === 'Admin' ? null : actor.kitaId;
      const pauses = await listChannelPauses(app.db);
      const out: ChannelPauseView[] = [];
      for (const p of pauses) {
        const r = await app.db.execute<{ n: number }>(sql`
          select count(*)::int as n from outbox_messages
           where channel = ${p.channel} and status in ('pending', 'sending') ${kitaId ? sql`and kita_id = ${kitaId}` : sql``}`);
        const waiting = Number(r.rows[0]?.n ?? 0);
        if (kitaId && waiting === 0) continue;
        out.push({ ...p, pausedAt: p.pausedAt.toISOString(), nextProbeAt: p.nextProbeAt.toISOString(), waiting });
      }
      return { data: out };
    },
  });

  app.route({
    ...serve(operationsApi.resumeChannel),
    preHandler: admin,
    handler: async (req) => {
      const resumed = await app.db.transaction(async (tx) => {
        const ok = await resumeChannel(tx, req.params.channel);
        if (ok) await audit(tx, authOf(req), { action: 'resume', entity: 'delivery_channel', entityId: req.params.channel });
        return ok;
      });
      if (!resumed) throw conflict('CHANNEL_NOT_PAUSED');
      req.log.warn({ channel: req.params.channel }, 'delivery channel resumed by an Admin');
      app.outbox.kick();
      return { data: { resumed: true as const } };
    },
  });

  app.route({
    ...serve(operationsApi.sendTestMessage),
    preHandler: admin,
    handler: async (req, reply) => {
      const actor = authOf(req);
      const at = app.clock.now().toISOString().slice(0, 16).replace('T', ' ');
      const messages: Array<typeof outboxMessages.$inferInsert> = [];
      const base = { kind: 'operator_test' as const, language: 'de' as const, userId: actor.userId };
      if (req.body.phone) {
        const text = `Kita Notbetreuung: Testnachricht vom ${at} UTC. Keine Antwort nötig. / Test message, no reply needed.`;
        messages.push({ ...base, idempotencyKey: uniqueKey('operator-test', randomUUID()), channel: 'sms', recipient: req.body.phone, bodyText: text, smsSegments: 1 });
      }
      if (req.body.email) {
        messages.push({
          ...base,
          idempotencyKey: uniqueKey('operator-test', randomUUID()),
          channel: 'email',
          recipient: req.body.email,
          subject: 'Kita Notbetreuung: Testnachricht / test message',
          bodyText: `Diese Testnachricht vom ${at} UTC prüft den E-Mail-Versand. Keine Antwort nötig.\n\nThis test message checks e-mail delivery. No reply needed.`,
        });
      }
      const keys = messages.map((m) => m.idempotencyKey);
      await app.db.transaction(async (tx) => {
        // Not a family message (no MessageKind template): written straight into the outbox.
        await tx.insert(outboxMessages).values(messages);
        await audit(tx, actor, { action: 'test_message', entity: 'delivery_channel', details: { channels: messages.map((m) => m.channel) } });
      });
      app.outbox.kick();
      const r = await app.db.execute<{ id: string }>(sql`
        select id from outbox_messages where idempotency_key in (${sql.join(keys.map((k) => sql`${k}`), sql`, `)})`);
      reply.code(201);
      return { data: { ids: r.rows.map((x) => x.id) } };
    },
  });

  app.route({
    ...serve(operationsApi.testMessages),
    preHandler: admin,
    handler: async (_req, reply) => {
      const r = await app.db.execute<{
        id: string;
        channel: 'email' | 'sms';
        recipient: string;
        created_at: Date | string;
        status: string;
        delivery_status: string | null;
        transport: string | null;
        provider_message_id: string | null;
        last_error: string | null;
        provider_status: string | null;
        failure_reason: FailureReason | null;
      }>(sql`
        select id, channel, recipient, created_at, status, delivery_status, transport, provider_message_id, last_error, provider_status, failure_reason
          from outbox_messages where kind = 'operator_test' order by created_at desc limit 10`);
      reply.header('cache-control', 'no-store');
      const data: TestMessage[] = r.rows.map((m) => ({
        id: m.id,
        channel: m.channel,
        recipient: m.recipient,
        createdAt: new Date(m.created_at).toISOString(),
        state: messageState(m),
        transport: m.transport,
        providerMessageId: m.provider_message_id,
        providerAnswer: m.last_error,
        providerStatus: m.provider_status,
        failureReason: m.failure_reason,
      }));
      return { data };
    },
  });
};
