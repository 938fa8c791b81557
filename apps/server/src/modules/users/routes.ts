import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { changePasswordSchema, envelope, idParamsSchema, userCreateSchema, userListQuerySchema, userSchema, userUpdateSchema } from '@kita/shared';
import { changePassword } from './password.js';
import { createUser, deleteUser, listUsers, loadUserInScope, updateUser } from './service.js';
import { contextOf } from '../../lib/context.js';
import { authOf } from '../../plugins/auth.js';

const tags = ['users'];

/**
 * Staff users (docs/wire.md "Routes"). Admins manage every staff user; a manager manages the managers of
 * their own Kita (the managers page); parents' accounts never appear here.
 */
export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  const staff = app.requireRole('Admin', 'KitaManager');

  app.get(
    '/users',
    { preHandler: staff, schema: { tags, summary: 'Staff users in the caller scope (?kitaId= for one Kita\'s managers)', querystring: userListQuerySchema, response: { 200: envelope(z.array(userSchema)) } } },
    async (req) => ({ data: await listUsers(app.db, authOf(req), req.query.kitaId) }),
  );

  app.get(
    '/users/:id',
    { preHandler: staff, schema: { tags, summary: 'One staff user', params: idParamsSchema, response: { 200: envelope(userSchema) } } },
    async (req) => ({ data: await loadUserInScope(app.db, authOf(req), req.params.id) }),
  );

  app.post(
    '/users',
    { preHandler: staff, schema: { tags, summary: 'Create a staff user (managers: only managers of their Kita)', body: userCreateSchema, response: { 201: envelope(userSchema) } } },
    async (req, reply) => {
      reply.status(201);
      return { data: await createUser(contextOf(app, req), req.body) };
    },
  );

  app.put(
    '/users/:id',
    { preHandler: staff, schema: { tags, summary: 'Update a staff user (never one\'s own role)', params: idParamsSchema, body: userUpdateSchema, response: { 200: envelope(userSchema) } } },
    async (req) => ({ data: await updateUser(contextOf(app, req), req.params.id, req.body) }),
  );

  app.put(
    '/users/:id/change-password',
    {
      preHandler: staff,
      schema: { tags, summary: 'Change a password; ends the user\'s other sessions', params: idParamsSchema, body: changePasswordSchema, response: { 200: envelope(z.object({ ok: z.boolean() })) } },
    },
    async (req) => {
      await changePassword(contextOf(app, req), req.params.id, req.body);
      return { data: { ok: true } };
    },
  );

  app.delete(
    '/users/:id',
    { preHandler: staff, schema: { tags, summary: 'Delete a staff user (not oneself)', params: idParamsSchema, response: { 200: envelope(z.object({ userId: z.string() })) } } },
    async (req) => {
      await deleteUser(contextOf(app, req), req.params.id);
      return { data: { userId: req.params.id } };
    },
  );
};
