import { z } from 'zod';
import { accountMailResendResultSchema, envelope, failedAccountMailSchema, idParamsSchema } from '../index.js';
import { defineRoutes } from './define.js';
import { apiRoutes } from './routes.js';

export const accountMailsApi = defineRoutes(apiRoutes.accountMails, {
  failed: {
    tags: ['account-mails'],
    summary: 'Activation and password-reset mails that failed for good (newest per address and kind)',
    response: { 200: envelope(z.array(failedAccountMailSchema)) },
  },
  resend: {
    tags: ['account-mails'],
    summary: 'Send a failed account mail again, with a fresh link to the account\'s current e-mail',
    params: idParamsSchema,
    response: { 200: envelope(accountMailResendResultSchema) },
  },
});
