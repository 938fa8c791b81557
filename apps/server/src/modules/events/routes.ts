import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { eventsApi } from '@kita/shared/api';
import { serve } from '../../lib/routes.js';
import { authOf } from '../../plugins/auth.js';
import { notFound } from '../../lib/errors.js';
import { requestLanguage } from '../../lib/language.js';
import { assertKitaScope, kitaScopeOf, listIn } from '../../lib/access.js';
import { eventWithChildren } from './details.js';
import { findEvents, toSummary } from './queries.js';
import { createEvent, deleteEvent, loadEventInScope, updateEvent } from './service.js';
import { contextOf } from '../../lib/context.js';
import { smsEstimate } from './sms-estimate.js';

/**
 * Emergency events (docs/wire.md "Routes"). Admins reach every Kita, a manager only their own (404
 * outside); parents and link holders never reach these routes (403).
 */
export const eventRoutes: FastifyPluginAsyncZod = async (app) => {
  const staff = app.requireRole('Admin', 'KitaManager');

  app.route({
    ...serve(eventsApi.list),
    preHandler: staff,
    handler: async (req) => {
      const now = app.clock.now();
      const rows = await listIn(kitaScopeOf(authOf(req)), (kitaId) => findEvents(app.db, kitaId));
      return { data: rows.map((e) => toSummary(e, now)) };
    },
  });

  app.route({
    ...serve(eventsApi.listOfKita),
    preHandler: staff,
    handler: async (req) => {
      assertKitaScope(authOf(req), req.params.kitaId, () => notFound('kitas.notFound', { id: req.params.kitaId }));
      const now = app.clock.now();
      return { data: (await findEvents(app.db, req.params.kitaId)).map((e) => toSummary(e, now)) };
    },
  });

  app.route({
    ...serve(eventsApi.smsEstimate),
    preHandler: staff,
    handler: async (req) => ({ data: await smsEstimate(app, authOf(req), req.query) }),
  });

  app.route({
    ...serve(eventsApi.get),
    preHandler: staff,
    handler: async (req) => {
      const e = await loadEventInScope(app.db, authOf(req), req.params.id, req.query.kitaId);
      return { data: await eventWithChildren(app.db, e, app.clock.now(), requestLanguage(req)) };
    },
  });

  app.route({
    ...serve(eventsApi.create),
    preHandler: staff,
    handler: async (req, reply) => {
      reply.status(201);
      return { data: await createEvent(contextOf(app, req), req.body) };
    },
  });

  app.route({
    ...serve(eventsApi.update),
    preHandler: staff,
    handler: async (req) => ({ data: await updateEvent(contextOf(app, req), req.params.id, req.body) }),
  });

  app.route({
    ...serve(eventsApi.remove),
    preHandler: staff,
    handler: async (req) => {
      await deleteEvent(contextOf(app, req), req.params.id);
      return { data: { eventId: req.params.id } };
    },
  });
};
