import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { deliveryApi } from '@kita/shared/api';
import { serve } from '../../lib/routes.js';
import { z } from 'zod';
import { envelope } from '@kita/shared';
import { budgetStatus } from '../../notify/budget.js';
import { authOf } from '../../plugins/auth.js';
import { notFound } from '../../lib/errors.js';
import { kitaScopeOf, listIn } from '../../lib/access.js';
import { loadEventInScope } from '../events/service.js';
import { applyDeliveryReport, forgedCallback, invalidCallbackBody, replayedCallback, sevenReport, twilioReport } from './callbacks.js';
import { parseSevenReport, verifySevenSignature } from '../../notify/seven.js';
import { parseForm, twilioSigningKey, validateTwilioSignature } from '../../notify/twilio.js';
import { findEventsWithFailedDelivery, resendInvitation, withDeliveryFields } from './service.js';
import { eventDelivery } from './status.js';
import { contextOf } from '../../lib/context.js';

const callbackTags = ['delivery-callbacks'];
export const TWILIO_CALLBACK_PATH = '/api/delivery/twilio/status';
export const SEVEN_CALLBACK_PATH = '/api/delivery/seven/status';

/** Delivery status of an event's messages and resend (added), scoped like the event: 404 outside. */
export const deliveryRoutes: FastifyPluginAsyncZod = async (app) => {
  const staff = app.requireRole('Admin', 'KitaManager');

  app.route({
    ...serve(deliveryApi.eventDelivery),
    preHandler: staff,
    handler: async (req, reply) => {
      const e = await withDeliveryFields(app.db, await loadEventInScope(app.db, authOf(req), req.params.id, req.query.kitaId));
      reply.header('cache-control', 'no-store');
      return { data: await eventDelivery(app.db, e, { now: app.clock.now(), smsRatePerSecond: app.config.SMS_RATE_PER_SECOND }) };
    },
  });

  app.route({
    ...serve(deliveryApi.resend),
    preHandler: staff,
    handler: async (req) => {
      const e = await loadEventInScope(app.db, authOf(req), req.params.id);
      return { data: { queued: await resendInvitation(contextOf(app, req), e, req.body.parentId) } };
    },
  });

  app.route({
    ...serve(deliveryApi.messageBudgets),
    preHandler: staff,
    handler: async (req, reply) => {
      const auth = authOf(req);
      const now = app.clock.now();
      reply.header('cache-control', 'no-store');
      if (auth.role === 'Admin') return { data: await budgetStatus(app.db, app.config, now) };
      if (!auth.kitaId) return { data: [] };
      const all = await budgetStatus(app.db, app.config, now, { kitaIds: [auth.kitaId], heldOf: auth.kitaId });
      return { data: all.filter((b) => b.budget === 'kita_day' || b.held > 0) };
    },
  });

  app.route({
    ...serve(deliveryApi.failures),
    preHandler: staff,
    handler: async (req) => {
      return { data: await listIn(kitaScopeOf(authOf(req)), (kitaId) => findEventsWithFailedDelivery(app.db, app.clock.now(), kitaId)) };
    },
  });
};

/**
 * Provider status callbacks (added). No session: each is authenticated by the provider's
 * signature. The body is kept as the raw string, because the signature covers it exactly; seven.io
 * posts it form-encoded (its default) or as JSON, Twilio form-encoded.
 */
export const deliveryCallbackRoutes: FastifyPluginAsyncZod = async (app) => {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string', bodyLimit: 64 * 1024 }, (_req, body, done) => done(null, body));
  const ok = z.object({ applied: z.boolean(), duplicate: z.boolean().optional(), kept: z.boolean().optional() });
  const header = (req: { headers: Record<string, string | string[] | undefined> }, name: string) => {
    const v = req.headers[name];
    return typeof v === 'string' ? v : Array.isArray(v) ? v[0] : undefined;
  };
  app.post(
    TWILIO_CALLBACK_PATH,
    {
      schema: {
        tags: callbackTags,
        summary: 'Twilio message status callback (X-Twilio-Signature, HMAC-SHA1 or a Webhook Rule\'s shared key); sent -> delivered/undelivered',
        body: z.string(),
        response: { 200: envelope(ok) },
      },
    },
    async (req) => {
      const token = app.config.TWILIO_AUTH_TOKEN;
      if (!token) throw notFound();
      const params = parseForm(typeof req.body === 'string' ? req.body : '');
      const signature = header(req, 'x-twilio-signature');
      const key = twilioSigningKey(header(req, 'x-twilio-webhooks-signature-settings'), { authToken: token, sharedKey: app.config.TWILIO_WEBHOOK_SHARED_KEY });
      const url = app.config.publicUrl + req.url;
      const overrides = app.config.TWILIO_CALLBACK_OVERRIDES;
      if (!signature || !key || !validateTwilioSignature(key, signature, overrides ? [url, `${url}#${overrides}`] : [url], params)) throw forgedCallback();
      return { data: await applyDeliveryReport(app.db, twilioReport(params, signature)) };
    },
  );
  app.post(
    SEVEN_CALLBACK_PATH,
    {
      schema: {
        tags: callbackTags,
        summary: 'seven.io delivery report webhook, form-encoded or JSON (X-Signature, X-Timestamp, X-Nonce); sent -> delivered/undelivered',
        body: z.string(),
        response: { 200: envelope(ok) },
      },
    },
    async (req) => {
      const secret = app.config.SEVEN_SIGNING_SECRET;
      if (!secret) throw notFound();
      const body = typeof req.body === 'string' ? req.body : '';
      const nonce = header(req, 'x-nonce');
      const verdict = verifySevenSignature(
        secret,
        { timestamp: header(req, 'x-timestamp'), nonce, signature: header(req, 'x-signature'), method: req.method, urls: [req.url, app.config.publicUrl + req.url], body },
        app.clock.now(),
      );
      if (verdict === 'forged') throw forgedCallback();
      if (verdict === 'stale') throw replayedCallback();
      const report = parseSevenReport(body, header(req, 'content-type'));
      if (report.kind === 'invalid') throw invalidCallbackBody();
      if (report.kind === 'other') return { data: { applied: false } };
      return { data: await applyDeliveryReport(app.db, sevenReport(report, nonce!)) };
    },
  );
};
