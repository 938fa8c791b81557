import { calendarKeyParamsSchema, calendarParamsSchema, closeEventResultSchema, creditsDistributionSchema, envelope, eventReportSchema, idParamsSchema, kitaQuerySchema, parentDetailsSchema, parentHistorySchema, parentPathSchema, releaseSlotBodySchema, releaseSlotResultSchema } from '../index.js';
import { defineRoutes } from './define.js';
import { apiRoutes } from './routes.js';

export const resultsApi = defineRoutes(apiRoutes.results, {
  csv: {
    tags: ['results'],
    summary: "The inquiry's answer table as CSV (UTF-8 with BOM; `;` in German, `,` in English; named after the Kita and the first care day)",
    params: idParamsSchema,
    query: kitaQuerySchema,
    produces: ['text/csv'],
  },
  close: {
    tags: ['results'],
    summary: 'Close now: allocate, book credits, send results (added; idempotent)',
    params: idParamsSchema,
    response: { 200: envelope(closeEventResultSchema) },
  },
  releaseSlot: {
    tags: ['results'],
    summary: 'Release a slot of a future event; the first child on the waitlist moves up',
    params: idParamsSchema,
    body: releaseSlotBodySchema,
    response: { 200: envelope(releaseSlotResultSchema) },
  },
  report: {
    tags: ['results'],
    summary: 'The event report as JSON',
    params: idParamsSchema,
    query: kitaQuerySchema,
    response: { 200: envelope(eventReportSchema) },
  },
  pdf: {
    tags: ['results'],
    summary: 'The event report as an A4 PDF in the caller\'s language (event-report.pdf)',
    params: idParamsSchema,
    query: kitaQuerySchema,
    produces: ['application/pdf'],
  },
  resetCredits: {
    tags: ['results'],
    summary: "Book the entry that brings the family's credits to 0 (parent notified)",
    params: parentPathSchema,
    response: { 200: envelope(parentDetailsSchema) },
  },
  creditsDistribution: {
    tags: ['results'],
    summary: "Credits histogram of the parent's Kita (counts only)",
    params: parentPathSchema,
    response: { 200: envelope(creditsDistributionSchema) },
  },
  history: {
    tags: ['results'],
    summary: "The parent's answers and slots per child",
    params: parentPathSchema,
    response: { 200: envelope(parentHistorySchema) },
  },
  calendar: {
    tags: ['results'],
    summary: "The family's places of one inquiry as an iCalendar file (text/calendar; a place given back is cancelled) (added)",
    params: calendarParamsSchema,
    produces: ['text/calendar'],
  },
  calendarLink: {
    tags: ['results'],
    summary: "The same calendar file through the calendar link of the result message, without a login, in the family's language (added)",
    params: calendarKeyParamsSchema,
    produces: ['text/calendar'],
  },
});
