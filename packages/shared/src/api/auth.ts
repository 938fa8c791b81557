import { z } from 'zod';
import { envelope, loginResultSchema, loginStepSchema, otpChallengeSchema, otpLoginSchema, parentEmailLoginSchema, parentPhoneLoginSchema, sessionUserSchema, staffLoginSchema } from '../index.js';
import { defineRoutes } from './define.js';
import { apiRoutes } from './routes.js';

export const authApi = defineRoutes(apiRoutes.auth, {
  staffLogin: {
    tags: ['auth'],
    summary: 'Staff login with e-mail and password; staff with a verified phone get {otpToken} and an SMS code (then auth/otp-login)',
    body: staffLoginSchema,
    response: { 200: envelope(loginStepSchema) },
  },
  loginWithEmail: {
    tags: ['auth'],
    summary: 'Parent login with e-mail and password',
    body: parentEmailLoginSchema,
    response: { 200: envelope(loginResultSchema) },
  },
  loginWithPhone: {
    tags: ['auth'],
    summary: 'Parent login with the verified phone and password; a 6-digit code follows by SMS',
    body: parentPhoneLoginSchema,
    response: { 200: envelope(otpChallengeSchema) },
  },
  otpLogin: {
    tags: ['auth'],
    summary: 'Second login step (parents and staff): the SMS code with its otpToken',
    body: otpLoginSchema,
    response: { 200: envelope(loginResultSchema) },
  },
  me: {
    tags: ['auth'],
    response: { 200: envelope(sessionUserSchema) },
  },
  logout: {
    tags: ['auth'],
    response: { 200: envelope(z.object({ ok: z.boolean() })) },
  },
});
