import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  envelope,
  groupDetailsSchema,
  groupInputSchema,
  groupListItemSchema,
  idParamsSchema,
  kitaIdParamsSchema,
  kitaQuerySchema,
  parentIdParamsSchema,
} from '@kita/shared';
import { categories, parents } from '../../db/schema.js';
import { notFound } from '../../lib/errors.js';
import { authOf } from '../../plugins/auth.js';
import { findGroups, findStructureKita } from '../categories/queries.js';
import { assertKitaScope, assertParentScope, kitaScopeOf, listIn } from '../../lib/access.js';
import { createGroup, deleteGroup, getGroupDetails, loadGroupInScope, updateGroup } from './service.js';
import { contextOf } from '../../lib/context.js';

const tags = ['groups'];
const groupList = envelope(z.array(groupListItemSchema));

export const groupRoutes: FastifyPluginAsyncZod = async (app) => {
  const staff = app.requireRole('Admin', 'KitaManager');

  app.get('/groups', { preHandler: staff, schema: { tags, summary: 'Groups in the caller scope', response: { 200: groupList } } }, async (req) => {
    return { data: await listIn(kitaScopeOf(authOf(req)), (kitaId) => findGroups(app.db, kitaId ? eq(categories.kitaId, kitaId) : undefined)) };
  });

  app.get(
    '/groups/parent/:parentId',
    {
      preHandler: app.requireRole('Admin', 'KitaManager', 'Parent'),
      schema: { tags, summary: "The groups of a parent's Kita", params: parentIdParamsSchema, response: { 200: groupList } },
    },
    async (req) => {
      const { parentId } = req.params;
      const [parent] = await app.db.select({ kitaId: parents.kitaId }).from(parents).where(eq(parents.id, parentId)).limit(1);
      if (!parent) throw notFound('errors.NOT_FOUND');
      assertParentScope(authOf(req), parentId, parent.kitaId);
      return { data: await findGroups(app.db, eq(categories.kitaId, parent.kitaId)) };
    },
  );

  app.get(
    '/groups/kita/:kitaId',
    { preHandler: staff, schema: { tags, summary: 'The groups of one Kita', params: kitaIdParamsSchema, response: { 200: groupList } } },
    async (req) => {
      const { kitaId } = req.params;
      const kitaNotFound = () => notFound('kitas.notFound', { id: kitaId });
      assertKitaScope(authOf(req), kitaId, kitaNotFound);
      if (!(await findStructureKita(app.db, kitaId))) throw kitaNotFound();
      return { data: await findGroups(app.db, eq(categories.kitaId, kitaId)) };
    },
  );

  app.get(
    '/groups/:id',
    {
      preHandler: staff,
      schema: { tags, summary: 'A group with its category and children', params: idParamsSchema, querystring: kitaQuerySchema, response: { 200: envelope(groupDetailsSchema) } },
    },
    async (req) => {
      await loadGroupInScope(app.db, authOf(req), req.params.id, req.query.kitaId);
      return { data: await getGroupDetails(app.db, req.params.id) };
    },
  );

  app.post(
    '/groups',
    { preHandler: staff, schema: { tags, summary: 'Create a group in a category', body: groupInputSchema, response: { 201: envelope(groupListItemSchema) } } },
    async (req, reply) => {
      reply.status(201);
      return { data: await createGroup(contextOf(app, req), req.body) };
    },
  );

  app.put(
    '/groups/:id',
    { preHandler: staff, schema: { tags, summary: 'Rename or move a group', params: idParamsSchema, body: groupInputSchema, response: { 200: envelope(groupListItemSchema) } } },
    async (req) => ({ data: await updateGroup(contextOf(app, req), req.params.id, req.body) }),
  );

  app.delete(
    '/groups/:id',
    { preHandler: staff, schema: { tags, summary: 'Delete a group without children', params: idParamsSchema, response: { 200: envelope(z.object({ groupId: z.string() })) } } },
    async (req) => {
      await deleteGroup(contextOf(app, req), req.params.id);
      return { data: { groupId: req.params.id } };
    },
  );
};
