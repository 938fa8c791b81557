import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { accountMailResendResultSchema, envelope, failedAccountMailSchema, idParamsSchema } from '@kita/shared';
import { contextOf } from '../../lib/context.js';
import { listFailedAccountMails, resendAccountMail } from './service.js';

const tags = ['account-mails'];

/** Failed activation and password-reset mails, for the Admin, with a resend (added). */
export const accountMailRoutes: FastifyPluginAsyncZod = async (app) => {
  const admin = app.requireRole('Admin');

  app.get(
    '/account-mails/failed',
    { preHandler: admin, schema: { tags, summary: 'Activation and password-reset mails that failed for good (newest per address and kind)', response: { 200: envelope(z.array(failedAccountMailSchema)) } } },
    async (_req, reply) => {
      reply.header('cache-control', 'no-store');
      return { data: await listFailedAccountMails(app.db) };
    },
  );

  app.post(
    '/account-mails/:id/resend',
    { preHandler: admin, schema: { tags, summary: 'Send a failed account mail again, with a fresh link to the account\'s current e-mail', params: idParamsSchema, response: { 200: envelope(accountMailResendResultSchema) } } },
    async (req) => ({ data: await resendAccountMail(contextOf(app, req), req.params.id) }),
  );
};
