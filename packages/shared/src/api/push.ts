import { z } from 'zod';
import {
  envelope,
  pushOpenedInputSchema,
  pushPublicKeySchema,
  pushSubscriptionInputSchema,
  pushSubscriptionParamsSchema,
  pushSubscriptionSchema,
} from '../index.js';
import { defineRoutes } from './define.js';
import { apiRoutes } from './routes.js';

const tags = ['push'];

/**
 * Web push: the server's public key (public), the family's own devices (a parent's login or a
 * preference link session; modules/push), and the "opened" report of a notification (public,
 * carries the unguessable reference of the push payload). Both 204 routes answer without a body.
 */
export const pushApi = defineRoutes(apiRoutes.push, {
  publicKey: {
    tags,
    summary: 'The VAPID public key browsers subscribe with, and whether push is on (added)',
    response: { 200: envelope(pushPublicKeySchema) },
  },
  list: {
    tags,
    summary: "The family's devices that receive push notifications (added)",
    response: { 200: envelope(z.array(pushSubscriptionSchema)) },
  },
  subscribe: {
    tags,
    summary: 'Add this browser as a device of the family (the same endpoint again updates it) (added)',
    body: pushSubscriptionInputSchema,
    response: { 201: envelope(pushSubscriptionSchema) },
  },
  unsubscribe: {
    tags,
    summary: 'Remove one of the family\'s devices; answers 204 (added)',
    params: pushSubscriptionParamsSchema,
  },
  opened: {
    tags,
    summary: 'The family opened a notification: records it once; answers 204, also for an unknown reference (added)',
    body: pushOpenedInputSchema,
  },
});
