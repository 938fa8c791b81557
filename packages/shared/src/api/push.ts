import { z } from 'zod';
import { envelope } from '../index.js';
import { defineRoutes } from './define.js';
import { apiRoutes } from './routes.js';

const tags = ['push'];

/** One device of a family that receives push notifications. */
export const pushSubscriptionSchema = z.object({
  id: z.string(),
  label: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
export type PushSubscriptionInfo = z.infer<typeof pushSubscriptionSchema>;

/** What the browser's PushSubscription.toJSON() gives, with a label of the device. */
export const pushSubscribeInputSchema = z.object({
  endpoint: z.url({ protocol: /^https$/ }).max(2000),
  keys: z.object({ p256dh: z.string().min(1).max(200), auth: z.string().min(1).max(100) }),
  label: z.string().trim().min(1).max(80),
});
export type PushSubscribeInput = z.infer<typeof pushSubscribeInputSchema>;

export const pushOpenedInputSchema = z.object({ ref: z.string().min(1).max(200) });

export const pushApi = defineRoutes(apiRoutes.push, {
  publicKey: {
    tags,
    summary: 'The VAPID public key a browser subscribes with, and whether push is on (added)',
    response: { 200: envelope(z.object({ publicKey: z.string(), enabled: z.boolean() })) },
  },
  list: {
    tags,
    summary: "The family's devices that receive push notifications (added)",
    response: { 200: envelope(z.array(pushSubscriptionSchema)) },
  },
  subscribe: {
    tags,
    summary: 'Store a device subscription; the same endpoint again updates it (added)',
    body: pushSubscribeInputSchema,
    response: { 201: envelope(pushSubscriptionSchema) },
  },
  unsubscribe: {
    tags,
    summary: "Remove one of the family's own devices (added)",
    params: z.object({ id: z.string() }),
  },
  opened: {
    tags,
    summary: 'The family opened a push notification (by its ref); idempotent (added)',
    body: pushOpenedInputSchema,
  },
});
