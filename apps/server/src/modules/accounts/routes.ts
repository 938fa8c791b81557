import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { accountsApi } from '@kita/shared/api';
import { serve } from '../../lib/routes.js';
import { forgotPassword, resetPassword } from './password-reset.js';
import { linkLanguage } from './link-language.js';
import { otpDelivery } from './otp-status.js';
import { setPreferredCommunication } from './profile.js';
import { findKitaGroups, registerParent } from './registration.js';
import { activateAccount, requestPhoneOtp, resendActivation, verifyPhone } from './verification.js';
import { contextOf, publicContextOf } from '../../lib/context.js';

/** Parent account routes of docs/wire.md "Routes": activation, phone verification, password reset, registration (sign-in is in modules/auth). */
export const accountsRoutes: FastifyPluginAsyncZod = async (app) => {

  app.route({
    ...serve(accountsApi.activate),
    handler: async (req) => ({ data: await activateAccount(app, req.query.token) }),
  });

  app.route({
    ...serve(accountsApi.resendActivation),
    handler: async (req) => {
      await resendActivation(publicContextOf(app, req), req.params.id, req.body.email);
      return { data: { ok: true as const } };
    },
  });

  app.route({
    ...serve(accountsApi.requestPhoneOtp),
    handler: async (req) => ({ data: await requestPhoneOtp(publicContextOf(app, req), req.params.id, req.body.phoneNumber) }),
  });

  app.route({
    ...serve(accountsApi.verifyPhone),
    handler: async (req) => ({ data: await verifyPhone(app, req.body.otpToken, req.body.otp) }),
  });

  app.route({
    ...serve(accountsApi.forgotPassword),
    handler: async (req) => {
      await forgotPassword(app, req.ip, req.body.email);
      return { data: { ok: true as const } };
    },
  });

  app.route({
    ...serve(accountsApi.otpStatus),
    handler: async (req) => ({ data: await otpDelivery(app, req.query.otpToken) }),
  });

  app.route({
    ...serve(accountsApi.linkLanguage),
    handler: async (req) => ({ data: await linkLanguage(app, req.query.kind, req.query.token) }),
  });

  app.route({
    ...serve(accountsApi.resetPassword),
    handler: async (req) => {
      await resetPassword(app, req.ip, req.body.token, req.body.newPassword);
      return { data: { ok: true as const } };
    },
  });

  app.route({
    ...serve(accountsApi.setPreferredCommunication),
    preHandler: app.requireRole('Parent'),
    handler: async (req) => ({ data: await setPreferredCommunication(contextOf(app, req), req.params.parentId, req.body) }),
  });

  app.route({
    ...serve(accountsApi.kitaGroups),
    handler: async (req) => ({ data: await findKitaGroups(app, req.params.kitaId) }),
  });

  app.route({
    ...serve(accountsApi.register),
    handler: async (req, reply) => reply.status(201).send({ data: await registerParent(publicContextOf(app, req), req.body) }),
  });
};
