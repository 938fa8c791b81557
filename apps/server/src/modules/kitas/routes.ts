import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope, idParamsSchema, kitaDeleteImpactSchema, kitaDeleteQuerySchema, kitaDetailsSchema, kitaInputSchema, kitaSchema } from '@kita/shared';
import { authOf } from '../../plugins/auth.js';
import { forbidden, notFound } from '../../lib/errors.js';
import { assertKitaScope, kitaScopeOf, listIn } from '../../lib/access.js';
import { findKitas } from './queries.js';
import { createKita, deleteKita, getKitaDetails, kitaDeleteImpact, updateKita } from './service.js';
import { contextOf } from '../../lib/context.js';

const tags = ['kitas'];
const kitaNotFound = (id: string) => notFound('kitas.notFound', { id });

/**
 * Kitas (docs/wire.md "Routes"). Admins manage all Kitas; a manager sees only theirs and may edit its
 * name, location, description and time zone (their own centre's data), but never create or delete one.
 */
export const kitaRoutes: FastifyPluginAsyncZod = async (app) => {
  const staff = app.requireRole('Admin', 'KitaManager');

  app.get(
    '/kitas',
    { preHandler: staff, schema: { tags, summary: 'Kitas in the caller scope', response: { 200: envelope(z.array(kitaSchema)) } } },
    async (req) => {
      return { data: await listIn(kitaScopeOf(authOf(req)), (kitaId) => findKitas(app.db, kitaId)) };
    },
  );

  app.get(
    '/kitas/:id',
    {
      preHandler: staff,
      schema: { tags, summary: 'A Kita with categories, registration link, QR code and managers', params: idParamsSchema, response: { 200: envelope(kitaDetailsSchema) } },
    },
    async (req) => {
      assertKitaScope(authOf(req), req.params.id, () => kitaNotFound(req.params.id));
      return { data: await getKitaDetails(app.db, app.config.publicUrl, req.params.id) };
    },
  );

  app.post(
    '/kitas',
    { preHandler: app.requireRole('Admin'), schema: { tags, summary: 'Create a Kita (Admin)', body: kitaInputSchema, response: { 201: envelope(kitaSchema) } } },
    async (req, reply) => {
      reply.status(201);
      return { data: await createKita(contextOf(app, req), req.body) };
    },
  );

  app.put(
    '/kitas/:id',
    {
      preHandler: staff,
      schema: { tags, summary: 'Update a Kita (Admin, or its manager)', params: idParamsSchema, body: kitaInputSchema, response: { 200: envelope(kitaSchema) } },
    },
    async (req) => {
      assertKitaScope(authOf(req), req.params.id, () => kitaNotFound(req.params.id));
      return { data: await updateKita(contextOf(app, req), req.params.id, req.body) };
    },
  );

  app.get(
    '/kitas/:id/delete-impact',
    {
      preHandler: staff,
      schema: { tags, summary: 'What a deletion of the Kita removes (Admin; added)', params: idParamsSchema, response: { 200: envelope(kitaDeleteImpactSchema) } },
    },
    async (req) => {
      assertKitaScope(authOf(req), req.params.id, () => kitaNotFound(req.params.id));
      if (authOf(req).role !== 'Admin') throw forbidden();
      return { data: await kitaDeleteImpact(app.db, req.params.id) };
    },
  );

  app.delete(
    '/kitas/:id',
    {
      preHandler: staff,
      schema: {
        tags,
        summary: 'Delete a Kita with all its data (Admin); with finished inquiries only with ?confirmName=<the Kita name>',
        params: idParamsSchema,
        querystring: kitaDeleteQuerySchema,
        response: { 200: envelope(z.object({ kitaId: z.string() })) },
      },
    },
    async (req) => {
      // A manager learns nothing about other Kitas (404) and may not delete their own (403).
      assertKitaScope(authOf(req), req.params.id, () => kitaNotFound(req.params.id));
      if (authOf(req).role !== 'Admin') throw forbidden();
      await deleteKita(contextOf(app, req), req.params.id, req.query.confirmName);
      return { data: { kitaId: req.params.id } };
    },
  );
};
