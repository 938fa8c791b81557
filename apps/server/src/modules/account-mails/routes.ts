import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { accountMailsApi } from '@kita/shared/api';
import { serve } from '../../lib/routes.js';
import { contextOf } from '../../lib/context.js';
import { listFailedAccountMails, resendAccountMail } from './service.js';


/** Failed activation and password-reset mails, for the Admin, with a resend (added). */
export const accountMailRoutes: FastifyPluginAsyncZod = async (app) => {
  const admin = app.requireRole('Admin');

  app.route({
    ...serve(accountMailsApi.failed),
    preHandler: admin,
    handler: async (_req, reply) => {
      reply.header('cache-control', 'no-store');
      return { data: await listFailedAccountMails(app.db) };
    },
  });

  app.route({
    ...serve(accountMailsApi.resend),
    preHandler: admin,
    handler: async (req) => ({ data: await resendAccountMail(contextOf(app, req), req.params.id) }),
  });
};
