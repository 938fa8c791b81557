import type { Catalog } from '../types.js';
import type { groups as de } from '../de/groups.js';

export const groups: Catalog<typeof de> = {
  notFound: 'No group found with ID {{id}}',
  columns: {
    groupName: 'Name',
    children: 'Children',
  },
  form: {
    titleAdd: 'Add group',
    titleEdit: 'Edit group',
    description: 'The group name starts with a letter.',
    groupName: 'Group name',
    groupNamePlaceholder: 'e.g. Bears',
    category: 'Category',
  },
  details: {
    title: '{{category}} : {{group}}',
    childrenTitle: 'Children',
    childrenDescription: 'The children of this group.',
    noChildren: 'There are no children in this group yet.',
    childName: 'Name',
    dateOfBirth: 'Date of birth',
    parentName: 'Parent',
    childDeleteDescription: 'The child “{{name}}” will be deleted permanently with its answers.',
    childDeleted: 'The child was deleted.',
    childDeleteFailed: 'Failed to delete the child.',
  },
  add: 'Add group',
  toast: {
    created: 'The group was added.',
    updated: 'The group was updated.',
    deleted: 'The group was deleted.',
    createFailed: 'Failed to add the group.',
    updateFailed: 'Failed to update the group.',
    deleteFailed: 'Failed to delete the group.',
  },
  deleteDescription: 'The group “{{name}}” will be deleted permanently.',
};
