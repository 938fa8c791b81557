import { z } from 'zod';
import { envelope, eventDeliverySchema, failedDeliveryEventSchema, idParamsSchema, kitaQuerySchema, messageBudgetSchema, resendInputSchema, resendResultSchema } from '../index.js';
import { defineRoutes } from './define.js';
import { apiRoutes } from './routes.js';

export const deliveryApi = defineRoutes(apiRoutes.delivery, {
  eventDelivery: {
    tags: ['emergency-event'],
    summary: 'Delivery status of the inquiry and reminder messages, per channel and per family (added)',
    params: idParamsSchema,
    query: kitaQuerySchema,
    response: { 200: envelope(eventDeliverySchema) },
  },
  resend: {
    tags: ['emergency-event'],
    summary: 'Send the inquiry again (fresh link) to one family, or to every family whose messages failed (added)',
    params: idParamsSchema,
    body: resendInputSchema,
    response: { 200: envelope(resendResultSchema) },
  },
  messageBudgets: {
    tags: ['delivery'],
    summary: 'Message cost budgets: Admins every budget, a manager the Kita\'s daily budget and any budget holding its messages (added)',
    response: { 200: envelope(z.array(messageBudgetSchema)) },
  },
  failures: {
    tags: ['emergency-event'],
    summary: 'Open events of the caller scope with families whose messages failed (added)',
    response: { 200: envelope(z.array(failedDeliveryEventSchema)) },
  },
});
