import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  envelope,
  parentDetailsSchema,
  parentPathSchema,
  parentInputSchema,
  parentKitaParamsSchema,
  parentListQuerySchema,
  parentRejectSchema,
  parentSchema,
  parentUpdateSchema,
  registeredParentSchema,
  uuidSchema,
} from '@kita/shared';
import { kitas, parents } from '../../db/schema.js';
import { attachment } from '../../lib/csv.js';
import { requestLanguage } from '../../lib/language.js';
import { parentsCsv } from './csv.js';
import { AppError } from '../../lib/errors.js';
import { assertKitaScope, kitaScopeOf, listIn, listScope } from '../../lib/access.js';
import { authOf } from '../../plugins/auth.js';
import { findChildrenOfParents, findParents, findRegisteredParents } from './queries.js';
import { approveParent, createParent, deleteParent, getParentDetails, rejectParent, updateParent } from './service.js';
import { contextOf } from '../../lib/context.js';

const tags = ['parents'];

export const parentsRoutes: FastifyPluginAsyncZod = async (app) => {
  const staff = app.requireRole('Admin', 'KitaManager');

  app.get(
    '/parents',
    {
      preHandler: app.requireSession(),
      schema: { tags, summary: 'Parents of all Kitas (Admin) or of the manager\'s Kita', querystring: parentListQuerySchema, response: { 200: envelope(z.array(parentSchema)) } },
    },
    async (req) => {
      const auth = authOf(req);
      // docs/domain.md "Roles and scope": any caller outside every Kita (a parent, a manager without a Kita) gets this 403.
      if (kitaScopeOf(auth).kind === 'none') throw new AppError(403, 'UNAUTHORIZED_ROLE_OR_KITA');
      return { data: await listIn(listScope(auth, req.query.kitaId), (kitaId) => findParents(app.db, kitaId ? eq(parents.kitaId, kitaId) : undefined)) };
    },
  );

  app.get(
    '/parents/csv',
    {
      preHandler: staff,
      schema: {
        tags,
        summary: "The parents list as CSV with contacts and children: the manager's Kita, an Admin's every Kita or the one named (UTF-8 with BOM)",
        querystring: parentListQuerySchema,
        produces: ['text/csv'],
      },
    },
    async (req, reply) => {
      const scope = listScope(authOf(req), req.query.kitaId);
      const list = await listIn(scope, (kitaId) => findParents(app.db, kitaId ? eq(parents.kitaId, kitaId) : undefined));
      const childrenOf = new Map<string, Array<Awaited<ReturnType<typeof findChildrenOfParents>>[number]>>();
      for (const c of await findChildrenOfParents(app.db, list.map((p) => p.parentId))) childrenOf.set(c.parentId, [...(childrenOf.get(c.parentId) ?? []), c]);
      const [kita] =
        scope.kind === 'kita' ? await app.db.select({ name: kitas.name, timezone: kitas.timezone }).from(kitas).where(eq(kitas.id, scope.kitaId)) : [];
      const { body, fileName } = parentsCsv(list, childrenOf, requestLanguage(req), app.clock.now(), kita ?? null);
      return reply.header('Content-Type', 'text/csv; charset=utf-8').header('Content-Disposition', attachment(fileName)).send(body);
    },
  );

  app.get(
    '/parents/kita/:kitaId',
    { preHandler: staff, schema: { tags, params: parentKitaParamsSchema, response: { 200: envelope(z.array(parentSchema)) } } },
    async (req) => {
      assertKitaScope(authOf(req), req.params.kitaId);
      return { data: await findParents(app.db, eq(parents.kitaId, req.params.kitaId)) };
    },
  );

  app.get(
    '/parents/kita/:kitaId/registered',
    {
      preHandler: staff,
      schema: { tags, summary: 'Registrations waiting for approval', params: parentKitaParamsSchema, response: { 200: envelope(z.array(registeredParentSchema)) } },
    },
    async (req) => {
      assertKitaScope(authOf(req), req.params.kitaId);
      return { data: await findRegisteredParents(app.db, req.params.kitaId) };
    },
  );

  app.get(
    '/parents/:id',
    {
      preHandler: app.requireSession(),
      schema: { tags, params: parentPathSchema, querystring: z.object({ kitaId: uuidSchema.optional() }), response: { 200: envelope(parentDetailsSchema) } },
    },
    async (req) => ({ data: await getParentDetails(app.db, authOf(req), req.params.id, app.clock.now(), req.query.kitaId) }),
  );

  app.post(
    '/parents',
    { preHandler: staff, schema: { tags, body: parentInputSchema, response: { 201: envelope(parentDetailsSchema) } } },
    async (req, reply) => reply.status(201).send({ data: await createParent(contextOf(app, req), req.body) }),
  );

  app.put(
    '/parents/:parentId',
    {
      preHandler: app.requireRole('Admin', 'KitaManager', 'Parent'),
      schema: { tags, params: z.object({ parentId: uuidSchema }), body: parentUpdateSchema, response: { 200: envelope(parentDetailsSchema) } },
    },
    async (req) => ({ data: await updateParent(contextOf(app, req), req.params.parentId, req.body) }),
  );

  app.delete(
    '/parents/:id',
    { preHandler: staff, schema: { tags, params: parentPathSchema, response: { 200: envelope(z.object({ parentId: z.string() })) } } },
    async (req) => {
      await deleteParent(contextOf(app, req), req.params.id);
      return { data: { parentId: req.params.id } };
    },
  );

  app.post(
    '/parents/:id/approve',
    { preHandler: staff, schema: { tags, params: parentPathSchema, response: { 200: envelope(parentDetailsSchema) } } },
    async (req) => ({ data: await approveParent(contextOf(app, req), req.params.id) }),
  );

  app.post(
    '/parents/:id/reject',
    {
      preHandler: staff,
      schema: { tags, summary: 'Reject a registration (added)', params: parentPathSchema, body: parentRejectSchema, response: { 200: envelope(parentDetailsSchema) } },
    },
    async (req) => ({ data: await rejectParent(contextOf(app, req), req.params.id, req.body?.message) }),
  );
};
