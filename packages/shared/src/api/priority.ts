import { z } from 'zod';
import {
  envelope,
  parentPriorityResultSchema,
  priorityConfirmationSchema,
  priorityConfirmInputSchema,
  priorityGroupSchema,
  priorityGroupsInputSchema,
  priorityKitaParamsSchema,
  priorityParentParamsSchema,
} from '../index.js';
import { defineRoutes } from './define.js';
import { apiRoutes } from './routes.js';

const tags = ['priority'];

/**
 * Verified priority: the Kita's groups and confirmations are staff routes; the family reads its
 * own confirmation without the group (scope and discretion: modules/priority/service.ts).
 */
export const priorityApi = defineRoutes(apiRoutes.priority, {
  groups: {
    tags,
    summary: "The Kita's priority groups in the order they are served (added)",
    params: priorityKitaParamsSchema,
    response: { 200: envelope(z.array(priorityGroupSchema)) },
  },
  saveGroups: {
    tags,
    summary: "Replace the Kita's priority groups; order = order of service (added)",
    params: priorityKitaParamsSchema,
    body: priorityGroupsInputSchema,
    response: { 200: envelope(z.array(priorityGroupSchema)) },
  },
  kitaConfirmations: {
    tags,
    summary: 'Confirmations not yet ended, soonest end first, with "ending soon" (added)',
    params: priorityKitaParamsSchema,
    response: { 200: envelope(z.array(priorityConfirmationSchema)) },
  },
  ofParent: {
    tags,
    summary: "The family's confirmation; the group and note only for the Kita's staff (added)",
    params: priorityParentParamsSchema,
    response: { 200: envelope(parentPriorityResultSchema) },
  },
  confirm: {
    tags,
    summary: 'Confirm the family (or one child) for a priority group until a date (added)',
    params: priorityParentParamsSchema,
    body: priorityConfirmInputSchema,
    response: { 201: envelope(priorityConfirmationSchema) },
  },
  end: {
    tags,
    summary: "End the family's confirmation now (added)",
    params: priorityParentParamsSchema,
    response: { 200: envelope(z.object({ parentId: z.string(), endedConfirmationId: z.string() })) },
  },
});
