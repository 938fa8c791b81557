import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  accountIdParamsSchema,
  accountParentParamsSchema,
  activationResultSchema,
  emailBodySchema,
  envelope,
  kitaGroupsSchema,
  registrationKitaParamsSchema,
  linkTokenQuerySchema,
  okSchema,
  otpChallengeSchema,
  phoneBodySchema,
  preferredCommunicationResultSchema,
  preferredCommunicationSchema,
  registerResultSchema,
  registerSchema,
  resetPasswordSchema,
  linkLanguageQuerySchema,
  linkLanguageSchema,
  otpDeliverySchema,
  otpStatusQuerySchema,
  verifyPhoneResultSchema,
  verifyPhoneSchema,
} from '@kita/shared';
import { forgotPassword, resetPassword } from './password-reset.js';
import { linkLanguage } from './link-language.js';
import { otpDelivery } from './otp-status.js';
import { setPreferredCommunication } from './profile.js';
import { findKitaGroups, registerParent } from './registration.js';
import { activateAccount, requestPhoneOtp, resendActivation, verifyPhone } from './verification.js';
import { contextOf, publicContextOf } from '../../lib/context.js';

/** Parent account routes of docs/wire.md "Routes": activation, phone verification, password reset, registration (sign-in is in modules/auth). */
export const accountsRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['accounts'];

  app.post(
    '/auth/activate-account',
    {
      schema: {
        tags,
        summary: 'Verifies the e-mail from the activation link; without a password yet, returns a reset token',
        querystring: linkTokenQuerySchema,
        response: { 200: envelope(activationResultSchema) },
      },
    },
    async (req) => ({ data: await activateAccount(app, req.query.token) }),
  );

  app.post(
    '/auth/:id/re-activate-email',
    {
      schema: { tags, summary: 'Sends a new activation e-mail (parent id)', params: accountIdParamsSchema, body: emailBodySchema, response: { 200: envelope(okSchema) } },
    },
    async (req) => {
      await resendActivation(publicContextOf(app, req), req.params.id, req.body.email);
      return { data: { ok: true as const } };
    },
  );

  app.post(
    '/auth/:id/otp',
    {
      schema: {
        tags,
        summary: 'Sends a code to verify a phone number (parent id, or the caller\'s own staff user id)',
        params: accountIdParamsSchema,
        body: phoneBodySchema,
        response: { 200: envelope(otpChallengeSchema) },
      },
    },
    async (req) => ({ data: await requestPhoneOtp(publicContextOf(app, req), req.params.id, req.body.phoneNumber) }),
  );

  app.post(
    '/auth/verify-phone',
    { schema: { tags, summary: 'Marks the phone verified with the code and its otpToken', body: verifyPhoneSchema, response: { 200: envelope(verifyPhoneResultSchema) } } },
    async (req) => ({ data: await verifyPhone(app, req.body.otpToken, req.body.otp) }),
  );

  app.post(
    '/auth/forgot-password',
    { schema: { tags, summary: 'Sends a password reset link (same answer for unknown accounts)', body: emailBodySchema, response: { 200: envelope(okSchema) } } },
    async (req) => {
      await forgotPassword(app, req.ip, req.body.email);
      return { data: { ok: true as const } };
    },
  );

  app.get(
    '/auth/otp-status',
    {
      schema: {
        tags,
        summary: 'How the code SMS of a still valid challenge fared (sending, sent, delivered, failed with a reason)',
        querystring: otpStatusQuerySchema,
        response: { 200: envelope(otpDeliverySchema) },
      },
    },
    async (req) => ({ data: await otpDelivery(app, req.query.otpToken) }),
  );

  app.get(
    '/auth/link-language',
    {
      schema: {
        tags,
        summary: "The language of the account a reset link belongs to (its page speaks it); null for an unknown link",
        querystring: linkLanguageQuerySchema,
        response: { 200: envelope(linkLanguageSchema) },
      },
    },
    async (req) => ({ data: await linkLanguage(app, req.query.kind, req.query.token) }),
  );

  app.post(
    '/auth/reset-password',
    { schema: { tags, summary: 'Sets a new password from a reset link; ends all sessions', body: resetPasswordSchema, response: { 200: envelope(okSchema) } } },
    async (req) => {
      await resetPassword(app, req.ip, req.body.token, req.body.newPassword);
      return { data: { ok: true as const } };
    },
  );

  app.put(
    '/auth/:parentId/preferred-communication',
    {
      preHandler: app.requireRole('Parent'),
      schema: {
        tags,
        summary: 'The parent chooses e-mail or SMS; returns a fresh token and user',
        params: accountParentParamsSchema,
        body: preferredCommunicationSchema,
        response: { 200: envelope(preferredCommunicationResultSchema) },
      },
    },
    async (req) => ({ data: await setPreferredCommunication(contextOf(app, req), req.params.parentId, req.body) }),
  );

  app.get(
    '/auth/kita-groups/:kitaId',
    { schema: { tags, summary: 'Public: the Kita with its categories and groups for registration', params: registrationKitaParamsSchema, response: { 200: envelope(kitaGroupsSchema) } } },
    async (req) => ({ data: await findKitaGroups(app, req.params.kitaId) }),
  );

  app.post(
    '/auth/register',
    { schema: { tags, summary: 'Public registration of a parent with children (pending approval)', body: registerSchema, response: { 201: envelope(registerResultSchema) } } },
    async (req, reply) => reply.status(201).send({ data: await registerParent(publicContextOf(app, req), req.body) }),
  );
};
