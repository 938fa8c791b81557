import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { kitasApi } from '@kita/shared/api';
import { serve } from '../../lib/routes.js';
import { authOf } from '../../plugins/auth.js';
import { forbidden, notFound } from '../../lib/errors.js';
import { assertKitaScope, kitaScopeOf, listIn } from '../../lib/access.js';
import { findKitas } from './queries.js';
import { createKita, deleteKita, getKitaDetails, kitaDeleteImpact, updateKita } from './service.js';
import { contextOf } from '../../lib/context.js';

const kitaNotFound = (id: string) => notFound('kitas.notFound', { id });

/**
 * Kitas (docs/wire.md "Routes"). Admins manage all Kitas; a manager sees only theirs and may edit its
 * name, location, description and time zone (their own centre's data), but never create or delete one.
 */
export const kitaRoutes: FastifyPluginAsyncZod = async (app) => {
  const staff = app.requireRole('Admin', 'KitaManager');

  app.route({
    ...serve(kitasApi.list),
    preHandler: staff,
    handler: async (req) => {
      return { data: await listIn(kitaScopeOf(authOf(req)), (kitaId) => findKitas(app.db, kitaId)) };
    },
  });

  app.route({
    ...serve(kitasApi.get),
    preHandler: staff,
    handler: async (req) => {
      assertKitaScope(authOf(req), req.params.id, () => kitaNotFound(req.params.id));
      return { data: await getKitaDetails(app.db, app.config.publicUrl, req.params.id) };
    },
  });

  app.route({
    ...serve(kitasApi.create),
    preHandler: app.requireRole('Admin'),
    handler: async (req, reply) => {
      reply.status(201);
      return { data: await createKita(contextOf(app, req), req.body) };
    },
  });

  app.route({
    ...serve(kitasApi.update),
    preHandler: staff,
    handler: async (req) => {
      assertKitaScope(authOf(req), req.params.id, () => kitaNotFound(req.params.id));
      return { data: await updateKita(contextOf(app, req), req.params.id, req.body) };
    },
  });

  app.route({
    ...serve(kitasApi.deleteImpact),
    preHandler: staff,
    handler: async (req) => {
      assertKitaScope(authOf(req), req.params.id, () => kitaNotFound(req.params.id));
      if (authOf(req).role !== 'Admin') throw forbidden();
      return { data: await kitaDeleteImpact(app.db, req.params.id) };
    },
  });

  app.route({
    ...serve(kitasApi.remove),
    preHandler: staff,
    handler: async (req) => {
      // A manager learns nothing about other Kitas (404) and may not delete their own (403).
      assertKitaScope(authOf(req), req.params.id, () => kitaNotFound(req.params.id));
      if (authOf(req).role !== 'Admin') throw forbidden();
      await deleteKita(contextOf(app, req), req.params.id, req.query.confirmName);
      return { data: { kitaId: req.params.id } };
    },
  });
};
