import { z } from 'zod';
import { channelParamsSchema, channelPauseSchema, envelope, testMessageInputSchema, testMessageSchema } from '../index.js';
import { defineRoutes } from './define.js';
import { apiRoutes } from './routes.js';

export const operationsApi = defineRoutes(apiRoutes.operations, {
  channelPauses: {
    tags: ['operations'],
    summary: 'Delivery channels paused by an account-level provider error (banner)',
    response: { 200: envelope(z.array(channelPauseSchema)) },
  },
  resumeChannel: {
    tags: ['operations'],
    summary: 'Resume a paused delivery channel now (Admin)',
    params: channelParamsSchema,
    response: { 200: envelope(z.object({ resumed: z.literal(true) })) },
  },
  sendTestMessage: {
    tags: ['operations'],
    summary: 'Send one test SMS and/or e-mail to a number/address the Admin enters',
    body: testMessageInputSchema,
    response: { 201: envelope(z.object({ ids: z.array(z.string()) })) },
  },
  testMessages: {
    tags: ['operations'],
    summary: 'The latest operator test messages with the provider answer and delivery report',
    response: { 200: envelope(z.array(testMessageSchema)) },
  },
});
