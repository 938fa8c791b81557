import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  envelope,
  eventDeliverySchema,
  failedDeliveryEventSchema,
  idParamsSchema,
  kitaQuerySchema,
  messageBudgetSchema,
  resendInputSchema,
  resendResultSchema,
} from '@kita/shared';
import { budgetStatus } from '../../notify/budget.js';
import { authOf } from '../../plugins/auth.js';
import { notFound } from '../../lib/errors.js';
import { kitaScopeOf, listIn } from '../../lib/access.js';
import { loadEventInScope } from '../events/service.js';
import { applyDeliveryReport, forgedCallback, sevenReport, twilioReport, verifySeven, verifyTwilio } from './callbacks.js';
import { findEventsWithFailedDelivery, resendInquiry, withDeliveryFields } from './service.js';
import { eventDelivery } from './status.js';
import { contextOf } from '../../lib/context.js';

const tags = ['emergency-event'];
const callbackTags = ['delivery-callbacks'];
export const TWILIO_CALLBACK_PATH = '/api/delivery/twilio/status';
export const SEVEN_CALLBACK_PATH = '/api/delivery/seven/status';

/** Delivery status of an event's messages and resend (added), scoped like the event: 404 outside. */
export const deliveryRoutes: FastifyPluginAsyncZod = async (app) => {
  const staff = app.requireRole('Admin', 'KitaManager');

  app.get(
    '/emergency-event/:id/delivery',
    {
      preHandler: staff,
      schema: {
        tags,
        summary: 'Delivery status of the inquiry and reminder messages, per channel and per family (added)',
        params: idParamsSchema,
        querystring: kitaQuerySchema,
        response: { 200: envelope(eventDeliverySchema) },
      },
    },
    async (req, reply) => {
      const e = await withDeliveryFields(app.db, await loadEventInScope(app.db, authOf(req), req.params.id, req.query.kitaId));
      reply.header('cache-control', 'no-store');
      return { data: await eventDelivery(app.db, e, { now: app.clock.now(), smsRatePerSecond: app.config.SMS_RATE_PER_SECOND }) };
    },
  );

  app.post(
    '/emergency-event/:id/resend',
    {
      preHandler: staff,
      schema: {
        tags,
        summary: 'Send the inquiry again (fresh link) to one family, or to every family whose messages failed (added)',
        params: idParamsSchema,
        body: resendInputSchema,
        response: { 200: envelope(resendResultSchema) },
      },
    },
    async (req) => {
      const e = await loadEventInScope(app.db, authOf(req), req.params.id);
      return { data: { queued: await resendInquiry(contextOf(app, req), e, req.body.parentId) } };
    },
  );

  app.get(
    '/message-budgets',
    {
      preHandler: staff,
      schema: {
        tags: ['delivery'],
        summary: 'Message cost budgets: Admins every budget, a manager the Kita\'s daily budget and any budget holding its messages (added)',
        response: { 200: envelope(z.array(messageBudgetSchema)) },
      },
    },
    async (req, reply) => {
      const auth = authOf(req);
      const now = app.clock.now();
      reply.header('cache-control', 'no-store');
      if (auth.role === 'Admin') return { data: await budgetStatus(app.db, app.config, now) };
      if (!auth.kitaId) return { data: [] };
      const all = await budgetStatus(app.db, app.config, now, { kitaIds: [auth.kitaId], heldOf: auth.kitaId });
      return { data: all.filter((b) => b.budget === 'kita_day' || b.held > 0) };
    },
  );

  app.get(
    '/emergency-event/delivery-failures',
    {
      preHandler: staff,
      schema: { tags, summary: 'Open events of the caller scope with families whose messages failed (added)', response: { 200: envelope(z.array(failedDeliveryEventSchema)) } },
    },
    async (req) => {
      return { data: await listIn(kitaScopeOf(authOf(req)), (kitaId) => findEventsWithFailedDelivery(app.db, app.clock.now(), kitaId)) };
    },
  );
};

/**
 * Provider status callbacks (added). No session: each is authenticated by the provider's
 * signature. The body is kept as the raw string, because the signature covers it exactly.
 */
export const deliveryCallbackRoutes: FastifyPluginAsyncZod = async (app) => {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string', bodyLimit: 64 * 1024 }, (_req, body, done) => done(null, body));
  const ok = z.object({ applied: z.boolean() });

  app.post(
    TWILIO_CALLBACK_PATH,
    {
      schema: {
        tags: callbackTags,
        summary: 'Twilio message status callback (X-Twilio-Signature); sent -> delivered/undelivered',
        body: z.string(),
        response: { 200: envelope(ok) },
      },
    },
    async (req) => {
      const token = app.config.TWILIO_AUTH_TOKEN;
      if (!token) throw notFound();
      const params = Object.fromEntries(new URLSearchParams(req.body));
      const signature = req.headers['x-twilio-signature'];
      if (typeof signature !== 'string') throw forgedCallback();
      verifyTwilio(token, app.config.publicUrl + req.url, params, signature);
      return { data: { applied: await applyDeliveryReport(app.db, twilioReport(params, signature)) } };
    },
  );

  app.post(
    SEVEN_CALLBACK_PATH,
    {
      schema: {
        tags: callbackTags,
        summary: 'seven.io delivery report webhook (X-Signature, X-Timestamp, X-Nonce); sent -> delivered/undelivered',
        body: z.string(),
        response: { 200: envelope(ok) },
      },
    },
    async (req) => {
      const secret = app.config.SEVEN_SIGNING_SECRET;
      if (!secret) throw notFound();
      const header = (name: string) => (typeof req.headers[name] === 'string' ? (req.headers[name] as string) : undefined);
      const nonce = header('x-nonce');
      verifySeven(
        secret,
        { timestamp: header('x-timestamp'), nonce, signature: header('x-signature'), method: 'POST', url: app.config.publicUrl + req.url, body: req.body },
        app.clock.now(),
      );
      let parsed: { data?: { msg_id?: unknown; status?: unknown } };
      try {
        parsed = JSON.parse(req.body) as typeof parsed;
      } catch {
        throw forgedCallback();
      }
      return { data: { applied: await applyDeliveryReport(app.db, sevenReport(parsed, nonce!)) } };
    },
  );
};
