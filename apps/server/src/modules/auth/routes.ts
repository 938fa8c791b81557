import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  envelope,
  loginResultSchema,
  loginStepSchema,
  otpChallengeSchema,
  otpLoginSchema,
  parentEmailLoginSchema,
  parentPhoneLoginSchema,
  sessionUserSchema,
  staffLoginSchema,
} from '@kita/shared';
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
  const tags = ['auth'];
  app.post(
    '/auth/login',
    {
      schema: {
        tags: ['auth'],
        summary: 'Staff login with e-mail and password; staff with a verified phone get {otpToken} and an SMS code (then auth/otp-login)',
        body: staffLoginSchema,
        response: { 200: envelope(loginStepSchema) },
      },
    },
    async (req, reply) => {
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
  );

  app.post(
    '/auth/login-with-email',
    { schema: { tags, summary: 'Parent login with e-mail and password', body: parentEmailLoginSchema, response: { 200: envelope(loginResultSchema) } } },
    async (req, reply) => ({ data: await loginWithEmail(app, loginClient(req, reply, req.body.code), req.body.email, req.body.password) }),
  );

  app.post(
    '/auth/login-with-phone',
    {
      schema: {
        tags,
        summary: 'Parent login with the verified phone and password; a 6-digit code follows by SMS',
        body: parentPhoneLoginSchema,
        response: { 200: envelope(otpChallengeSchema) },
      },
    },
    async (req, reply) => ({ data: await loginWithPhone(app, loginClient(req, reply, req.body.code), req.body.phoneNumber, req.body.password) }),
  );

  app.post(
    '/auth/otp-login',
    { schema: { tags, summary: 'Second login step (parents and staff): the SMS code with its otpToken', body: otpLoginSchema, response: { 200: envelope(loginResultSchema) } } },
    async (req) => ({ data: await loginWithOtp(app, req.body.otpToken, req.body.otp) }),
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
