import { z } from 'zod';
import { envelope, eventInputSchema, eventSummarySchema, eventWithChildrenSchema, idParamsSchema, kitaIdParamsSchema, kitaQuerySchema, smsEstimateQuerySchema, smsEstimateSchema } from '../index.js';
import { defineRoutes } from './define.js';
import { apiRoutes } from './routes.js';

export const eventsApi = defineRoutes(apiRoutes.events, {
  smsEstimate: {
    tags: ['emergency-event'],
    summary: 'Expected SMS segments of an inquiry before it is sent (families by channel and language)',
    query: smsEstimateQuerySchema,
    response: { 200: envelope(smsEstimateSchema) },
  },
  list: {
    tags: ['emergency-event'],
    summary: 'Events in the caller scope, newest first',
    response: { 200: envelope(z.array(eventSummarySchema)) },
  },
  listOfKita: {
    tags: ['emergency-event'],
    summary: 'Events of one Kita, newest first',
    params: kitaIdParamsSchema,
    response: { 200: envelope(z.array(eventSummarySchema)) },
  },
  get: {
    tags: ['emergency-event'],
    summary: 'Event details with the children responses',
    params: idParamsSchema,
    query: kitaQuerySchema,
    response: { 200: envelope(eventWithChildrenSchema) },
  },
  create: {
    tags: ['emergency-event'],
    summary: 'Create an event (opens it now or at eventDate)',
    body: eventInputSchema,
    response: { 201: envelope(eventSummarySchema) },
  },
  update: {
    tags: ['emergency-event'],
    summary: 'Update an open or scheduled event',
    params: idParamsSchema,
    body: eventInputSchema,
    response: { 200: envelope(eventSummarySchema) },
  },
  remove: {
    tags: ['emergency-event'],
    summary: 'Delete an event (not once finished with answers)',
    params: idParamsSchema,
    response: { 200: envelope(z.object({ eventId: z.string() })) },
  },
});
