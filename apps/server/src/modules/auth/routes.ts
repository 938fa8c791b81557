import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authApi } from '@kita/shared/api';
import { serve } from '../../lib/routes.js';
import { sessions } from '../../db/schema.js';
import { notFound } from '../../lib/errors.js';
import { authOf, createUserSession } from '../../plugins/auth.js';
import { findSessionUser } from '../../lib/session-user.js';
import { loginWithEmail, loginWithOtp, loginWithPhone, startStaffOtp } from './parent-login.js';
import { checkPasswordLogin, findStaffByEmail, type LoginClient } from './staff-login.js';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** What the password check needs of the request: the client, the device cookie, an unlock code. */
const loginClient = (req: FastifyRequest, reply: FastifyReply, code: string | undefined): LoginClient => ({
  ip: req.ip,
  cookies: req.headers.cookie,
  code,
  setCookie: (value) => void reply.header('set-cookie', value),
});

/**
 * Sign-in (docs/wire.md "Routes"), staff and parents: password, then an SMS code for accounts with
 * a verified phone (docs/domain.md "Accounts and login"); the session user; logout.
 */
export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...serve(authApi.staffLogin),
    handler: async (req, reply) => {
      let staff: Awaited<ReturnType<typeof findStaffByEmail>>;
      const lookup = async () => {
        staff = await findStaffByEmail(app, req.body.email);
        return staff && { ...staff, unlockTo: staff.email ? { channel: 'email' as const, recipient: staff.email, language: staff.language, kitaId: staff.kitaId } : null };
      };
      const userId = await checkPasswordLogin(app, loginClient(req, reply, req.body.code), req.body.email, lookup, req.body.password);
      // docs/domain.md: a staff user with a verified phone gets the same OTP step as parents.
      if (staff?.phoneVerified && staff.phoneNumber) {
        return { data: await startStaffOtp(app, { id: userId, phoneNumber: staff.phoneNumber, language: staff.language, kitaId: staff.kitaId }) };
      }
      const token = await createUserSession(app, userId);
      const user = await findSessionUser(app.db, userId);
      return { data: { token, user: user! } };
    },
  });

  app.route({
    ...serve(authApi.loginWithEmail),
    handler: async (req, reply) => ({ data: await loginWithEmail(app, loginClient(req, reply, req.body.code), req.body.email, req.body.password) }),
  });

  app.route({
    ...serve(authApi.loginWithPhone),
    handler: async (req, reply) => ({ data: await loginWithPhone(app, loginClient(req, reply, req.body.code), req.body.phoneNumber, req.body.password) }),
  });

  app.route({
    ...serve(authApi.otpLogin),
    handler: async (req) => ({ data: await loginWithOtp(app, req.body.otpToken, req.body.otp) }),
  });

  app.route({
    ...serve(authApi.me),
    preHandler: app.requireSession(),
    handler: async (req) => {
      const user = await findSessionUser(app.db, authOf(req).userId!);
      if (!user) throw notFound();
      return { data: user };
    },
  });

  app.route({
    ...serve(authApi.logout),
    preHandler: app.requireSession({ link: true }),
    handler: async (req) => {
      await app.db.update(sessions).set({ revokedAt: app.clock.now() }).where(eq(sessions.id, authOf(req).sessionId));
      return { data: { ok: true } };
    },
  });
};
