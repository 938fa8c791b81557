import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { usersApi } from '@kita/shared/api';
import { serve } from '../../lib/routes.js';
import { changePassword } from './password.js';
import { createUser, deleteUser, listUsers, loadUserInScope, updateUser } from './service.js';
import { contextOf } from '../../lib/context.js';
import { authOf } from '../../plugins/auth.js';


/**
 * Staff users (docs/wire.md "Routes"). Admins manage every staff user; a manager manages the managers of
 * their own Kita (the managers page); parents' accounts never appear here.
 */
export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  const staff = app.requireRole('Admin', 'KitaManager');

  app.route({
    ...serve(usersApi.list),
    preHandler: staff,
    handler: async (req) => ({ data: await listUsers(app.db, authOf(req), req.query.kitaId) }),
  });

  app.route({
    ...serve(usersApi.get),
    preHandler: staff,
    handler: async (req) => ({ data: await loadUserInScope(app.db, authOf(req), req.params.id) }),
  });

  app.route({
    ...serve(usersApi.create),
    preHandler: staff,
    handler: async (req, reply) => {
      reply.status(201);
      return { data: await createUser(contextOf(app, req), req.body) };
    },
  });

  app.route({
    ...serve(usersApi.update),
    preHandler: staff,
    handler: async (req) => ({ data: await updateUser(contextOf(app, req), req.params.id, req.body) }),
  });

  app.route({
    ...serve(usersApi.changePassword),
    preHandler: staff,
    handler: async (req) => {
      await changePassword(contextOf(app, req), req.params.id, req.body);
      return { data: { ok: true } };
    },
  });

  app.route({
    ...serve(usersApi.remove),
    preHandler: staff,
    handler: async (req) => {
      await deleteUser(contextOf(app, req), req.params.id);
      return { data: { userId: req.params.id } };
    },
  });
};
