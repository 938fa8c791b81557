import { z } from 'zod';
import { envelope, groupDetailsSchema, groupInputSchema, groupListItemSchema, idParamsSchema, kitaIdParamsSchema, kitaQuerySchema, parentIdParamsSchema } from '../index.js';
import { defineRoutes } from './define.js';
import { apiRoutes } from './routes.js';

export const groupsApi = defineRoutes(apiRoutes.groups, {
  list: {
    tags: ['groups'],
    summary: 'Groups in the caller scope',
    response: { 200: envelope(z.array(groupListItemSchema)) },
  },
  listOfParent: {
    tags: ['groups'],
    summary: "The groups of a parent's Kita",
    params: parentIdParamsSchema,
    response: { 200: envelope(z.array(groupListItemSchema)) },
  },
  listOfKita: {
    tags: ['groups'],
    summary: 'The groups of one Kita',
    params: kitaIdParamsSchema,
    response: { 200: envelope(z.array(groupListItemSchema)) },
  },
  get: {
    tags: ['groups'],
    summary: 'A group with its category and children',
    params: idParamsSchema,
    query: kitaQuerySchema,
    response: { 200: envelope(groupDetailsSchema) },
  },
  create: {
    tags: ['groups'],
    summary: 'Create a group in a category',
    body: groupInputSchema,
    response: { 201: envelope(groupListItemSchema) },
  },
  update: {
    tags: ['groups'],
    summary: 'Rename or move a group',
    params: idParamsSchema,
    body: groupInputSchema,
    response: { 200: envelope(groupListItemSchema) },
  },
  remove: {
    tags: ['groups'],
    summary: 'Delete a group without children',
    params: idParamsSchema,
    response: { 200: envelope(z.object({ groupId: z.string() })) },
  },
});
