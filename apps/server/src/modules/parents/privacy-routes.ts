import { eq } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  envelope,
  erasureListQuerySchema,
  erasureRequestSchema,
  erasureResultSchema,
  exportQuerySchema,
  familyExportSchema,
  idParamsSchema,
  parentPathSchema,
} from '@kita/shared';
import { kitas } from '../../db/schema.js';
import { contextOf } from '../../lib/context.js';
import { requestLanguage } from '../../lib/language.js';
import { executeErasureRequest, listErasureRequests, openRequestOf, requestErasure } from './erasure.js';
import { renderFamilyPdf } from './export-pdf.js';
import { exportFamily } from './export.js';

const tags = ['privacy'];

/** "Meine Daten": a family's own data (download) and erasure on request; the staff's list of requests. */
export const privacyRoutes: FastifyPluginAsyncZod = async (app) => {
  const staff = app.requireRole('Admin', 'KitaManager');

  app.get(
    '/parents/:id/export',
    {
      preHandler: app.requireRole('Admin', 'KitaManager', 'Parent'),
      schema: {
        tags,
        summary: 'Everything stored about the family, as JSON (family-data.json) or a readable PDF (family-data.pdf); the parent themself or staff in scope',
        params: parentPathSchema,
        querystring: exportQuerySchema,
        produces: ['application/json', 'application/pdf'],
        response: { 200: familyExportSchema },
      },
    },
    async (req, reply) => {
      const ctx = contextOf(app, req);
      const data = await exportFamily(ctx, req.params.id);
      reply.header('cache-control', 'no-store');
      if (req.query.format === 'pdf') {
        const [k] = await app.db.select({ timezone: kitas.timezone }).from(kitas).where(eq(kitas.id, data.profile.kita.id));
        const pdf = await renderFamilyPdf(data, requestLanguage(req), k?.timezone ?? 'Europe/Berlin');
        // The PDF is a file, not the JSON contract: sent past the typed reply (a Buffer is never serialised).
        return (reply as FastifyReply).header('Content-Type', 'application/pdf').header('Content-Disposition', 'attachment; filename="family-data.pdf"').send(pdf);
      }
      return reply.header('Content-Disposition', 'attachment; filename="family-data.json"').send(data);
    },
  );

  app.post(
    '/parents/:id/erasure-request',
    {
      preHandler: app.requireRole('Parent'),
      schema: { tags, summary: 'The family asks for the erasure of its data (answered within a month); asking again keeps the first request', params: parentPathSchema, response: { 201: envelope(erasureRequestSchema) } },
    },
    async (req, reply) => reply.status(201).send({ data: await requestErasure(contextOf(app, req), req.params.id) }),
  );

  app.get(
    '/parents/:id/erasure-request',
    {
      preHandler: app.requireRole('Admin', 'KitaManager', 'Parent'),
      schema: { tags, summary: 'The family\'s open erasure request, or null', params: parentPathSchema, response: { 200: envelope(erasureRequestSchema.nullable()) } },
    },
    async (req) => ({ data: await openRequestOf(contextOf(app, req), req.params.id) }),
  );

  app.get(
    '/erasure-requests',
    { preHandler: staff, schema: { tags, summary: 'Erasure requests of the caller\'s scope (open by deadline, or done)', querystring: erasureListQuerySchema, response: { 200: envelope(z.array(erasureRequestSchema)) } } },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return { data: await listErasureRequests(contextOf(app, req), req.query.status) };
    },
  );

  app.post(
    '/erasure-requests/:id/execute',
    { preHandler: staff, schema: { tags, summary: 'Carry out an erasure request: the family is erased, finished inquiries keep its rows under a pseudonym', params: idParamsSchema, response: { 200: envelope(erasureResultSchema) } } },
    async (req) => ({ data: await executeErasureRequest(contextOf(app, req), req.params.id) }),
  );
};
