import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { childrenApi } from '@kita/shared/api';
import { serve } from '../../lib/routes.js';
import { assertKitaScope, listIn, listScope } from '../../lib/access.js';
import { authOf } from '../../plugins/auth.js';
import { childrenOfKita, childrenOfParent, findChildren } from './queries.js';
import { createChild, deleteChild, getChildInScope, updateChild } from './service.js';
import { contextOf } from '../../lib/context.js';


export const childrenRoutes: FastifyPluginAsyncZod = async (app) => {
  const staff = app.requireRole('Admin', 'KitaManager');
  const anyRole = app.requireRole('Admin', 'KitaManager', 'Parent');

  app.route({
    ...serve(childrenApi.list),
    preHandler: anyRole,
    handler: async (req) => {
      const auth = authOf(req);
      if (auth.role === 'Parent') return { data: auth.parentId ? await findChildren(app.db, childrenOfParent(auth.parentId)) : [] };
      return { data: await listIn(listScope(auth, req.query.kitaId), (kitaId) => findChildren(app.db, kitaId ? childrenOfKita(kitaId) : undefined)) };
    },
  });

  app.route({
    ...serve(childrenApi.listOfKita),
    preHandler: staff,
    handler: async (req) => {
      assertKitaScope(authOf(req), req.params.kitaId);
      return { data: await findChildren(app.db, childrenOfKita(req.params.kitaId)) };
    },
  });

  app.route({
    ...serve(childrenApi.get),
    preHandler: anyRole,
    handler: async (req) => ({ data: await getChildInScope(app.db, authOf(req), req.params.id, req.query.kitaId) }),
  });

  app.route({
    ...serve(childrenApi.create),
    preHandler: staff,
    handler: async (req, reply) => reply.status(201).send({ data: await createChild(contextOf(app, req), req.body) }),
  });

  app.route({
    ...serve(childrenApi.update),
    preHandler: anyRole,
    handler: async (req) => ({ data: await updateChild(contextOf(app, req), req.params.id, req.body) }),
  });

  app.route({
    ...serve(childrenApi.remove),
    preHandler: staff,
    handler: async (req) => {
      await deleteChild(contextOf(app, req), req.params.id);
      return { data: { childId: req.params.id } };
    },
  });
};
