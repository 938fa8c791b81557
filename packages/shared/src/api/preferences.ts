import { z } from 'zod';
import { envelope, idParamsSchema, parentEventSchema, preferenceInputSchema, preferenceSchema, staffPreferenceInputSchema, text, uuidSchema, verifyTokenResultSchema } from '../index.js';
import { defineRoutes } from './define.js';
import { apiRoutes } from './routes.js';

export const preferencesApi = defineRoutes(apiRoutes.preferences, {
  verifyToken: {
    tags: ['preference'],
    summary: 'Exchange a preference link token for a link session',
    // Optional here so that a missing token gets its own code and text (docs/wire.md "Errors").
    query: z.object({ token: text().max(200).optional() }),
    response: { 200: envelope(verifyTokenResultSchema) },
  },
  linkView: {
    tags: ['preference'],
    summary: "The event and the family's children for the preference page",
    params: z.object({ eventId: uuidSchema, parentId: uuidSchema }),
    response: { 200: envelope(parentEventSchema) },
  },
  openInquiries: {
    tags: ['preference'],
    summary: "The open inquiries that ask the logged-in parent's family (answerable in the app)",
    params: z.object({ id: uuidSchema }),
    response: { 200: envelope(z.array(parentEventSchema)) },
  },
  save: {
    tags: ['preference'],
    summary: "Save answers for the caller's own eligible children (upsert per child)",
    body: preferenceInputSchema,
    response: { 200: envelope(z.array(preferenceSchema)) },
  },
  staffAnswer: {
    tags: ['emergency-event'],
    summary: 'Record answers for children of the Kita (added; marked as recorded by staff)',
    params: idParamsSchema,
    body: staffPreferenceInputSchema,
    response: { 200: envelope(z.array(preferenceSchema)) },
  },
});
