/** Group form and group details. */
export const groups = {
  notFound: 'Keine Gruppe mit der ID {{id}} gefunden',
  columns: {
    groupName: 'Name',
    children: 'Kinder',
  },
  form: {
    titleAdd: 'Gruppe hinzufügen',
    titleEdit: 'Gruppe bearbeiten',
    description: 'Der Gruppenname beginnt mit einem Buchstaben.',
    groupName: 'Name der Gruppe',
    groupNamePlaceholder: 'z. B. Bären',
    category: 'Kategorie',
  },
  details: {
    title: '{{category}} : {{group}}',
    childrenTitle: 'Kinder',
    childrenDescription: 'Die Kinder dieser Gruppe.',
    noChildren: 'In dieser Gruppe sind noch keine Kinder.',
    childName: 'Name',
    dateOfBirth: 'Geburtsdatum',
    parentName: 'Elternteil',
    childDeleteDescription: 'Das Kind „{{name}}“ wird mit seinen Antworten dauerhaft gelöscht.',
    childDeleted: 'Das Kind wurde gelöscht.',
    childDeleteFailed: 'Das Kind konnte nicht gelöscht werden.',
  },
  add: 'Gruppe hinzufügen',
  toast: {
    created: 'Die Gruppe wurde hinzugefügt.',
    updated: 'Die Gruppe wurde aktualisiert.',
    deleted: 'Die Gruppe wurde gelöscht.',
    createFailed: 'Die Gruppe konnte nicht hinzugefügt werden.',
    updateFailed: 'Die Gruppe konnte nicht aktualisiert werden.',
    deleteFailed: 'Die Gruppe konnte nicht gelöscht werden.',
  },
  deleteDescription: 'Die Gruppe „{{name}}“ wird dauerhaft gelöscht.',
};
