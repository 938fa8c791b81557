import type { Catalog } from '../types.js';
import type { registration as de } from '../de/registration.js';

export const registration: Catalog<typeof de> = {
  title: 'Registered parents',
  description: 'Parents who signed up through the registration link and wait for approval.',
  columns: { name: 'Name', email: 'E-mail', children: 'Children' },
  noChildren: 'No children',
  childBadge: '{{category}} : {{group}}',
  empty: 'No pending registrations.',
  searchPlaceholder: 'Search registrations…',
  approve: 'Approve',
  reject: 'Reject',
  delete: 'Delete',
  deleteTitle: 'Delete registration?',
  deleteText: 'The registration of "{{name}}" is deleted for good, with the children it names. It was not approved yet and took part in no demand inquiry.',
  deleteConfirm: 'Delete registration',
  rejectTitle: 'Reject registration?',
  rejectText: 'The registration of {{name}} is rejected; the account stays locked.',
  errorTitle: 'Error fetching data',
  errorText: 'Unexpected error.',
};
