import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { groupsApi } from '@kita/shared/api';
import { serve } from '../../lib/routes.js';
import { categories, parents } from '../../db/schema.js';
import { notFound } from '../../lib/errors.js';
import { authOf } from '../../plugins/auth.js';
import { findGroups, findStructureKita } from '../categories/queries.js';
import { assertKitaScope, assertParentScope, kitaScopeOf, listIn } from '../../lib/access.js';
import { createGroup, deleteGroup, getGroupDetails, loadGroupInScope, updateGroup } from './service.js';
import { contextOf } from '../../lib/context.js';


export const groupRoutes: FastifyPluginAsyncZod = async (app) => {
  const staff = app.requireRole('Admin', 'KitaManager');

  app.route({
    ...serve(groupsApi.list),
    preHandler: staff,
    handler: async (req) => {
    return { data: await listIn(kitaScopeOf(authOf(req)), (kitaId) => findGroups(app.db, kitaId ? eq(categories.kitaId, kitaId) : undefined)) };
  },
  });

  app.route({
    ...serve(groupsApi.listOfParent),
    preHandler: app.requireRole('Admin', 'KitaManager', 'Parent'),
    handler: async (req) => {
      const { parentId } = req.params;
      const [parent] = await app.db.select({ kitaId: parents.kitaId }).from(parents).where(eq(parents.id, parentId)).limit(1);
      if (!parent) throw notFound('errors.NOT_FOUND');
      assertParentScope(authOf(req), parentId, parent.kitaId);
      return { data: await findGroups(app.db, eq(categories.kitaId, parent.kitaId)) };
    },
  });

  app.route({
    ...serve(groupsApi.listOfKita),
    preHandler: staff,
    handler: async (req) => {
      const { kitaId } = req.params;
      const kitaNotFound = () => notFound('kitas.notFound', { id: kitaId });
      assertKitaScope(authOf(req), kitaId, kitaNotFound);
      if (!(await findStructureKita(app.db, kitaId))) throw kitaNotFound();
      return { data: await findGroups(app.db, eq(categories.kitaId, kitaId)) };
    },
  });

  app.route({
    ...serve(groupsApi.get),
    preHandler: staff,
    handler: async (req) => {
      await loadGroupInScope(app.db, authOf(req), req.params.id, req.query.kitaId);
      return { data: await getGroupDetails(app.db, req.params.id) };
    },
  });

  app.route({
    ...serve(groupsApi.create),
    preHandler: staff,
    handler: async (req, reply) => {
      reply.status(201);
      return { data: await createGroup(contextOf(app, req), req.body) };
    },
  });

  app.route({
    ...serve(groupsApi.update),
    preHandler: staff,
    handler: async (req) => ({ data: await updateGroup(contextOf(app, req), req.params.id, req.body) }),
  });

  app.route({
    ...serve(groupsApi.remove),
    preHandler: staff,
    handler: async (req) => {
      await deleteGroup(contextOf(app, req), req.params.id);
      return { data: { groupId: req.params.id } };
    },
  });
};
