import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  childIdParamsSchema,
  childInputSchema,
  childKitaParamsSchema,
  childQuerySchema,
  childSchema,
  childUpdateSchema,
  envelope,
} from '@kita/shared';
import { assertKitaScope, listIn, listScope } from '../../lib/access.js';
import { authOf } from '../../plugins/auth.js';
import { childrenOfKita, childrenOfParent, findChildren } from './queries.js';
import { createChild, deleteChild, getChildInScope, updateChild } from './service.js';
import { contextOf } from '../../lib/context.js';

const tags = ['children'];

export const childrenRoutes: FastifyPluginAsyncZod = async (app) => {
  const staff = app.requireRole('Admin', 'KitaManager');
  const anyRole = app.requireRole('Admin', 'KitaManager', 'Parent');

  app.get(
    '/children',
    {
      preHandler: anyRole,
      schema: { tags, summary: 'All children (Admin; optionally one Kita), the manager\'s Kita, or a parent\'s own', querystring: childQuerySchema, response: { 200: envelope(z.array(childSchema)) } },
    },
    async (req) => {
      const auth = authOf(req);
      if (auth.role === 'Parent') return { data: auth.parentId ? await findChildren(app.db, childrenOfParent(auth.parentId)) : [] };
      return { data: await listIn(listScope(auth, req.query.kitaId), (kitaId) => findChildren(app.db, kitaId ? childrenOfKita(kitaId) : undefined)) };
    },
  );

  app.get(
    '/children/kita/:kitaId',
    { preHandler: staff, schema: { tags, params: childKitaParamsSchema, response: { 200: envelope(z.array(childSchema)) } } },
    async (req) => {
      assertKitaScope(authOf(req), req.params.kitaId);
      return { data: await findChildren(app.db, childrenOfKita(req.params.kitaId)) };
    },
  );

  app.get(
    '/children/:id',
    { preHandler: anyRole, schema: { tags, params: childIdParamsSchema, querystring: childQuerySchema, response: { 200: envelope(childSchema) } } },
    async (req) => ({ data: await getChildInScope(app.db, authOf(req), req.params.id, req.query.kitaId) }),
  );

  app.post(
    '/children',
    { preHandler: staff, schema: { tags, body: childInputSchema, response: { 201: envelope(childSchema) } } },
    async (req, reply) => reply.status(201).send({ data: await createChild(contextOf(app, req), req.body) }),
  );

  app.put(
    '/children/:id',
    { preHandler: anyRole, schema: { tags, params: childIdParamsSchema, body: childUpdateSchema, response: { 200: envelope(childSchema) } } },
    async (req) => ({ data: await updateChild(contextOf(app, req), req.params.id, req.body) }),
  );

  app.delete(
    '/children/:id',
    { preHandler: staff, schema: { tags, params: childIdParamsSchema, response: { 200: envelope(z.object({ childId: z.string() })) } } },
    async (req) => {
      await deleteChild(contextOf(app, req), req.params.id);
      return { data: { childId: req.params.id } };
    },
  );
};
