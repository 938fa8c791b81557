import { accountIdParamsSchema, accountParentParamsSchema, activationResultSchema, emailBodySchema, envelope, kitaGroupsSchema, linkLanguageQuerySchema, linkLanguageSchema, linkTokenQuerySchema, okSchema, otpChallengeSchema, otpDeliverySchema, otpStatusQuerySchema, phoneBodySchema, preferredCommunicationResultSchema, preferredCommunicationSchema, registerResultSchema, registerSchema, registrationKitaParamsSchema, resetPasswordSchema, verifyPhoneResultSchema, verifyPhoneSchema } from '../index.js';
import { defineRoutes } from './define.js';
import { apiRoutes } from './routes.js';

export const accountsApi = defineRoutes(apiRoutes.accounts, {
  activate: {
    tags: ['accounts'],
    summary: 'Verifies the e-mail from the activation link; without a password yet, returns a reset token',
    query: linkTokenQuerySchema,
    response: { 200: envelope(activationResultSchema) },
  },
  resendActivation: {
    tags: ['accounts'],
    summary: 'Sends a new activation e-mail (parent id)',
    params: accountIdParamsSchema,
    body: emailBodySchema,
    response: { 200: envelope(okSchema) },
  },
  requestPhoneOtp: {
    tags: ['accounts'],
    summary: 'Sends a code to verify a phone number (parent id, or the caller\'s own staff user id)',
    params: accountIdParamsSchema,
    body: phoneBodySchema,
    response: { 200: envelope(otpChallengeSchema) },
  },
  verifyPhone: {
    tags: ['accounts'],
    summary: 'Marks the phone verified with the code and its otpToken',
    body: verifyPhoneSchema,
    response: { 200: envelope(verifyPhoneResultSchema) },
  },
  forgotPassword: {
    tags: ['accounts'],
    summary: 'Sends a password reset link (same answer for unknown accounts)',
    body: emailBodySchema,
    response: { 200: envelope(okSchema) },
  },
  otpStatus: {
    tags: ['accounts'],
    summary: 'How the code SMS of a still valid challenge fared (sending, sent, delivered, failed with a reason)',
    query: otpStatusQuerySchema,
    response: { 200: envelope(otpDeliverySchema) },
  },
  linkLanguage: {
    tags: ['accounts'],
    summary: "The language of the account a reset link belongs to (its page speaks it); null for an unknown link",
    query: linkLanguageQuerySchema,
    response: { 200: envelope(linkLanguageSchema) },
  },
  resetPassword: {
    tags: ['accounts'],
    summary: 'Sets a new password from a reset link; ends all sessions',
    body: resetPasswordSchema,
    response: { 200: envelope(okSchema) },
  },
  setPreferredCommunication: {
    tags: ['accounts'],
    summary: 'The parent chooses e-mail or SMS; returns a fresh token and user',
    params: accountParentParamsSchema,
    body: preferredCommunicationSchema,
    response: { 200: envelope(preferredCommunicationResultSchema) },
  },
  kitaGroups: {
    tags: ['accounts'],
    summary: 'Public: the Kita with its categories and groups for registration',
    params: registrationKitaParamsSchema,
    response: { 200: envelope(kitaGroupsSchema) },
  },
  register: {
    tags: ['accounts'],
    summary: 'Public registration of a parent with children (pending approval)',
    body: registerSchema,
    response: { 201: envelope(registerResultSchema) },
  },
});
