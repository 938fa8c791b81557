import { z } from 'zod';
import { devMessageSchema, devMessagesQuerySchema, envelope } from '../index.js';
import { defineRoutes } from './define.js';
import { apiRoutes } from './routes.js';

export const devApi = defineRoutes(apiRoutes.dev, {
  messages: {
    tags: ['dev'],
    summary: 'Dev mailbox: all messages, newest first (not in production)',
    query: devMessagesQuerySchema,
    response: { 200: envelope(z.array(devMessageSchema)) },
  },
});
