import type { Catalog } from '../types.js';
import type { categories as de } from '../de/categories.js';

export const categories: Catalog<typeof de> = {
  notFound: 'No category found with ID {{id}}',
  names: {
    Kindergarten: 'Kindergarten',
    Krippe: 'Krippe',
  },
  list: {
    title: 'Categories',
    description: 'Each Kita has at most one Kindergarten and one Krippe. Click a category to see its groups.',
    add: 'Add category',
    empty: 'No categories yet.',
    loadFailed: 'Failed to fetch categories.',
    allExist: 'Both categories already exist.',
  },
  columns: {
    name: 'Name',
    groups: 'Groups',
  },
  form: {
    titleAdd: 'Add category',
    titleEdit: 'Edit category',
    description: 'Choose Kindergarten or Krippe.',
    categoryName: 'Category',
    placeholder: 'Choose a category',
  },
  details: {
    groupsTitle: 'Groups',
    groupsDescription: 'The groups of this category. Click a group to see its children.',
    noGroups: 'This category has no groups yet.',
  },
  toast: {
    created: 'The category was added.',
    updated: 'The category was updated.',
    deleted: 'The category was deleted.',
    createFailed: 'Failed to add the category.',
    updateFailed: 'Failed to update the category.',
    deleteFailed: 'Failed to delete the category.',
  },
  deleteDescription: 'The category “{{name}}” will be deleted permanently together with its empty groups.',
};
