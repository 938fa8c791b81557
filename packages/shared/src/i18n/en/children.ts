import type { Catalog } from '../types.js';
import type { children as de } from '../de/children.js';

export const children: Catalog<typeof de> = {
  notFound: 'No child found with ID {{id}}',
  groupNotFound: 'No group found with ID {{id}}',
  list: {
    title: 'Children',
    description: 'All children of the Kita with group and parent.',
    ownTitle: 'My children',
    add: 'Add child',
    searchPlaceholder: 'Search children…',
    loadFailed: 'Failed to fetch children.',
  },
  columns: {
    childName: 'Name',
    dateOfBirth: 'Date of birth',
    group: 'Group',
    category: 'Category',
    parent: 'Parent',
    phone: 'Phone',
  },
  form: {
    addTitle: 'Add child',
    editTitle: 'Edit child',
    description: 'A child belongs to a group and to a parent.',
    childName: 'Child name',
    dateOfBirth: 'Date of birth',
    group: 'Group',
    groupPlaceholder: 'Choose a group',
    groupsFailed: 'Failed to fetch groups.',
    parentMode: 'Parent',
    existingParent: 'Existing parent',
    newParent: 'New parent',
    parent: 'Parent',
    parentPlaceholder: 'Choose a parent',
    parentSearch: 'Search for a parent',
    parentSearchPlaceholder: 'Name or e-mail address',
    parentNoMatch: 'No parent found',
    parentsFailed: 'Failed to fetch parents.',
    newParentTitle: 'New parent',
  },
  // Finished inquiries keep their snapshot (docs/domain.md): answers, places, report and history stay.
  deleteDescription: '“{{name}}” ({{group}}) will be deleted permanently. Running demand inquiries no longer ask for the child; finished ones keep its answers and places.',
  toast: {
    created: 'The child was added.',
    createFailed: 'Failed to add child',
    updated: 'The child was updated.',
    updateFailed: 'Failed to update child',
    deleted: 'The child was deleted.',
    deleteFailed: 'Failed to delete child',
  },
};
