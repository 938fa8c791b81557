import { eq } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { privacyApi } from '@kita/shared/api';
import { serve } from '../../lib/routes.js';
import { kitas } from '../../db/schema.js';
import { contextOf } from '../../lib/context.js';
import { requestLanguage } from '../../lib/language.js';
import { executeErasureRequest, listErasureRequests, openRequestOf, requestErasure } from './erasure.js';
import { renderFamilyPdf } from './export-pdf.js';
import { exportFamily } from './export.js';


/** "Meine Daten": a family's own data (download) and erasure on request; the staff's list of requests. */
export const privacyRoutes: FastifyPluginAsyncZod = async (app) => {
  const staff = app.requireRole('Admin', 'KitaManager');

  app.route({
    ...serve(privacyApi.exportData),
    preHandler: app.requireRole('Admin', 'KitaManager', 'Parent'),
    handler: async (req, reply) => {
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
  });

  app.route({
    ...serve(privacyApi.requestErasure),
    preHandler: app.requireRole('Parent'),
    handler: async (req, reply) => reply.status(201).send({ data: await requestErasure(contextOf(app, req), req.params.id) }),
  });

  app.route({
    ...serve(privacyApi.erasureRequest),
    preHandler: app.requireRole('Admin', 'KitaManager', 'Parent'),
    handler: async (req) => ({ data: await openRequestOf(contextOf(app, req), req.params.id) }),
  });

  app.route({
    ...serve(privacyApi.erasureRequests),
    preHandler: staff,
    handler: async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return { data: await listErasureRequests(contextOf(app, req), req.query.status) };
    },
  });

  app.route({
    ...serve(privacyApi.executeErasure),
    preHandler: staff,
    handler: async (req) => ({ data: await executeErasureRequest(contextOf(app, req), req.params.id) }),
  });
};
