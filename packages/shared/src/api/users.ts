import { z } from 'zod';
import { changePasswordSchema, envelope, idParamsSchema, userCreateSchema, userListQuerySchema, userSchema, userUpdateSchema } from '../index.js';
import { defineRoutes } from './define.js';
import { apiRoutes } from './routes.js';

export const usersApi = defineRoutes(apiRoutes.users, {
  list: {
    tags: ['users'],
    summary: 'Staff users in the caller scope (?kitaId= for one Kita\'s managers)',
    query: userListQuerySchema,
    response: { 200: envelope(z.array(userSchema)) },
  },
  get: {
    tags: ['users'],
    summary: 'One staff user',
    params: idParamsSchema,
    response: { 200: envelope(userSchema) },
  },
  create: {
    tags: ['users'],
    summary: 'Create a staff user (managers: only managers of their Kita)',
    body: userCreateSchema,
    response: { 201: envelope(userSchema) },
  },
  update: {
    tags: ['users'],
    summary: 'Update a staff user (never one\'s own role)',
    params: idParamsSchema,
    body: userUpdateSchema,
    response: { 200: envelope(userSchema) },
  },
  changePassword: {
    tags: ['users'],
    summary: 'Change a password; ends the user\'s other sessions',
    params: idParamsSchema,
    body: changePasswordSchema,
    response: { 200: envelope(z.object({ ok: z.boolean() })) },
  },
  remove: {
    tags: ['users'],
    summary: 'Delete a staff user (not oneself)',
    params: idParamsSchema,
    response: { 200: envelope(z.object({ userId: z.string() })) },
  },
});
