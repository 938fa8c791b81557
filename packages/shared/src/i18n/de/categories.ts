/** Categories list, category form and category details. */
export const categories = {
  notFound: 'Keine Kategorie mit der ID {{id}} gefunden',
  names: {
    Kindergarten: 'Kindergarten',
    Krippe: 'Krippe',
  },
  list: {
    title: 'Kategorien',
    description: 'Jede Kita hat höchstens einen Kindergarten und eine Krippe. Klicken Sie auf eine Kategorie, um ihre Gruppen zu sehen.',
    add: 'Kategorie hinzufügen',
    empty: 'Noch keine Kategorien angelegt.',
    loadFailed: 'Die Kategorien konnten nicht geladen werden.',
    allExist: 'Beide Kategorien sind bereits angelegt.',
  },
  columns: {
    name: 'Name',
    groups: 'Gruppen',
  },
  form: {
    titleAdd: 'Kategorie hinzufügen',
    titleEdit: 'Kategorie bearbeiten',
    description: 'Wählen Sie Kindergarten oder Krippe.',
    categoryName: 'Kategorie',
    placeholder: 'Kategorie wählen',
  },
  details: {
    groupsTitle: 'Gruppen',
    groupsDescription: 'Die Gruppen dieser Kategorie. Klicken Sie auf eine Gruppe, um ihre Kinder zu sehen.',
    noGroups: 'Diese Kategorie hat noch keine Gruppen.',
  },
  toast: {
    created: 'Die Kategorie wurde hinzugefügt.',
    updated: 'Die Kategorie wurde aktualisiert.',
    deleted: 'Die Kategorie wurde gelöscht.',
    createFailed: 'Die Kategorie konnte nicht hinzugefügt werden.',
    updateFailed: 'Die Kategorie konnte nicht aktualisiert werden.',
    deleteFailed: 'Die Kategorie konnte nicht gelöscht werden.',
  },
  deleteDescription: 'Die Kategorie „{{name}}“ wird mit ihren leeren Gruppen dauerhaft gelöscht.',
};
