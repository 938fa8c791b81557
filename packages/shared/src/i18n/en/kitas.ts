import type { Catalog } from '../types.js';
import type { kitas as de } from '../de/kitas.js';

export const kitas: Catalog<typeof de> = {
  notFound: 'No Kita found with ID {{id}}',
  fetchFailed: 'Error fetching Kita details',
  list: {
    title: 'Kitas',
    description: 'All Kitas with their location. Click a row to open the Kita dashboard.',
    add: 'Add Kita',
    loadFailed: 'Fetching Kitas failed.',
    empty: 'No Kitas yet.',
  },
  columns: {
    kitaName: 'Name',
    location: 'Location',
  },
  form: {
    titleAdd: 'Add Kita',
    titleEdit: 'Edit Kita',
    description: 'Name and location appear in the overview and in messages to parents.',
    kitaName: 'Kita name',
    kitaNamePlaceholder: 'e.g. Kita Sonnenschein',
    location: 'Location',
    locationPlaceholder: 'e.g. Berlin',
    kitaDescription: 'Description (optional)',
    remindersEnabled: 'Remind families who have not answered',
    remindersEnabledHint: 'Once, half-way through the answer window, no earlier than 2 hours before it ends.',
    kitaDescriptionHint: 'Shown to parents on the inquiry page.',
  },
  toast: {
    created: 'The Kita was added.',
    updated: 'The Kita was updated.',
    deleted: 'The Kita was deleted.',
    createFailed: 'Failed to add the Kita.',
    updateFailed: 'Failed to update the Kita.',
    deleteFailed: 'Failed to delete the Kita.',
  },
  deleteDescription:
    'The Kita “{{name}}” will be deleted permanently with all its categories, groups, children, parents, managers and demand inquiries.',
  // The counts are the plurals of `impact` ("1 Leitungskonten").
  deleteImpact:
    'The Kita “{{name}}” will be deleted permanently, and with it {{families}} with {{children}}, {{managers}} and {{inquiries}}, {{finished}} of them finished with their results and credits.',
  impact: {
    families_one: '{{count}} family',
    families_other: '{{count}} families',
    children_one: '{{count}} child',
    children_other: '{{count}} children',
    managers_one: '{{count}} manager account',
    managers_other: '{{count}} manager accounts',
    inquiries_one: '{{count}} demand inquiry',
    inquiries_other: '{{count}} demand inquiries',
  },
  deleteImpactLoading: 'Finding out what would be deleted with the Kita “{{name}}”…',
  dashboard: {
    pendingTitle_one: '{{count}} parent is waiting for approval',
    pendingTitle_other: '{{count}} parents are waiting for approval',
    pendingText: 'New registrations take part in demand inquiries only after approval.',
    pendingLink: 'View registrations',
  },
  registration: {
    title: 'Registration for parents',
    description: 'Parents register through this link or the QR code.',
    linkLabel: 'Registration link',
    copy: 'Copy link',
    copied: 'Copied',
    copiedToast: 'The registration link was copied to the clipboard.',
    copyFailed: 'The link could not be copied.',
    qrAlt: 'QR code with the registration link of {{kitaName}}',
    download: 'Download QR code',
    downloadFailed: 'QR code could not be downloaded',
    hint: 'Print the QR code and put it up in the Kita, or send the link to the parents. You approve new registrations.',
  },
};
