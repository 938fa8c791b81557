import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  envelope,
  eventInputSchema,
  eventSummarySchema,
  eventWithChildrenSchema,
  idParamsSchema,
  kitaIdParamsSchema,
  kitaQuerySchema,
  smsEstimateQuerySchema,
  smsEstimateSchema,
} from '@kita/shared';
import { authOf } from '../../plugins/auth.js';
import { notFound } from '../../lib/errors.js';
import { requestLanguage } from '../../lib/language.js';
import { assertKitaScope, kitaScopeOf, listIn } from '../../lib/access.js';
import { eventWithChildren } from './details.js';
import { findEvents, toSummary } from './queries.js';
import { createEvent, deleteEvent, loadEventInScope, updateEvent } from './service.js';
import { contextOf } from '../../lib/context.js';
import { smsEstimate } from './sms-estimate.js';

const tags = ['emergency-event'];

/**
 * Emergency events (docs/wire.md "Routes"). Admins reach every Kita, a manager only their own (404
 * outside); parents and link holders never reach these routes (403).
 */
export const eventRoutes: FastifyPluginAsyncZod = async (app) => {
  const staff = app.requireRole('Admin', 'KitaManager');

  app.get(
    '/emergency-event',
    { preHandler: staff, schema: { tags, summary: 'Events in the caller scope, newest first', response: { 200: envelope(z.array(eventSummarySchema)) } } },
    async (req) => {
      const now = app.clock.now();
      const rows = await listIn(kitaScopeOf(authOf(req)), (kitaId) => findEvents(app.db, kitaId));
      return { data: rows.map((e) => toSummary(e, now)) };
    },
  );

  app.get(
    '/emergency-event/get-by-kita-id/:kitaId',
    {
      preHandler: staff,
      schema: { tags, summary: 'Events of one Kita, newest first', params: kitaIdParamsSchema, response: { 200: envelope(z.array(eventSummarySchema)) } },
    },
    async (req) => {
      assertKitaScope(authOf(req), req.params.kitaId, () => notFound('kitas.notFound', { id: req.params.kitaId }));
      const now = app.clock.now();
      return { data: (await findEvents(app.db, req.params.kitaId)).map((e) => toSummary(e, now)) };
    },
  );

  app.get(
    '/emergency-event/sms-estimate',
    {
      preHandler: staff,
      schema: {
        tags,
        summary: 'Expected SMS segments of an inquiry before it is sent (families by channel and language)',
        querystring: smsEstimateQuerySchema,
        response: { 200: envelope(smsEstimateSchema) },
      },
    },
    async (req) => ({ data: await smsEstimate(app, authOf(req), req.query) }),
  );

  app.get(
    '/emergency-event/:id',
    {
      preHandler: staff,
      schema: {
        tags,
        summary: 'Event details with the children responses',
        params: idParamsSchema,
        querystring: kitaQuerySchema,
        response: { 200: envelope(eventWithChildrenSchema) },
      },
    },
    async (req) => {
      const e = await loadEventInScope(app.db, authOf(req), req.params.id, req.query.kitaId);
      return { data: await eventWithChildren(app.db, e, app.clock.now(), requestLanguage(req)) };
    },
  );

  app.post(
    '/emergency-event',
    { preHandler: staff, schema: { tags, summary: 'Create an event (opens it now or at eventDate)', body: eventInputSchema, response: { 201: envelope(eventSummarySchema) } } },
    async (req, reply) => {
      reply.status(201);
      return { data: await createEvent(contextOf(app, req), req.body) };
    },
  );

  app.put(
    '/emergency-event/:id',
    {
      preHandler: staff,
      schema: { tags, summary: 'Update an open or scheduled event', params: idParamsSchema, body: eventInputSchema, response: { 200: envelope(eventSummarySchema) } },
    },
    async (req) => ({ data: await updateEvent(contextOf(app, req), req.params.id, req.body) }),
  );

  app.delete(
    '/emergency-event/:id',
    {
      preHandler: staff,
      schema: { tags, summary: 'Delete an event (not once finished with answers)', params: idParamsSchema, response: { 200: envelope(z.object({ eventId: z.string() })) } },
    },
    async (req) => {
      await deleteEvent(contextOf(app, req), req.params.id);
      return { data: { eventId: req.params.id } };
    },
  );
};
