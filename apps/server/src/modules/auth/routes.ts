import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope, loginResultSchema, sessionUserSchema, staffLoginSchema } from '@kita/shared';
import { sessions } from '../../db/schema.js';
import { notFound } from '../../lib/errors.js';
import { authOf, createUserSession } from '../../plugins/auth.js';
import { findSessionUser } from './session-user.js';
import { checkPasswordLogin, findStaffByEmail } from './staff-login.js';

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/auth/login',
    {
      schema: {
        tags: ['auth'],
        summary: 'Staff login with e-mail and password',
        body: staffLoginSchema,
        response: { 200: envelope(loginResultSchema) },
      },
    },
    async (req) => {
      const userId = await checkPasswordLogin(app, req.ip, req.body.email, () => findStaffByEmail(app, req.body.email), req.body.password);
      const token = await createUserSession(app, userId);
      const user = await findSessionUser(app.db, userId);
      return { data: { token, user: user! } };
    },
  );

  app.get(
    '/auth/me',
    { preHandler: app.requireSession(), schema: { tags: ['auth'], response: { 200: envelope(sessionUserSchema) } } },
    async (req) => {
      const user = await findSessionUser(app.db, authOf(req).userId!);
      if (!user) throw notFound();
      return { data: user };
    },
  );

  app.post(
    '/auth/logout',
    { preHandler: app.requireSession({ link: true }), schema: { tags: ['auth'], response: { 200: envelope(z.object({ ok: z.boolean() })) } } },
    async (req) => {
      await app.db.update(sessions).set({ revokedAt: app.clock.now() }).where(eq(sessions.id, authOf(req).sessionId));
      return { data: { ok: true } };
    },
  );
};
