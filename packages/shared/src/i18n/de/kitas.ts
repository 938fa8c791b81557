/** Kita list, Kita form, Kita dashboard and registration card. */
export const kitas = {
  notFound: 'Keine Kita mit der ID {{id}} gefunden',
  fetchFailed: 'Fehler beim Abrufen der Kita-Details',
  list: {
    title: 'Kitas',
    description: 'Alle Kitas mit Ort. Klicken Sie auf eine Zeile, um die Übersicht der Kita zu öffnen.',
    add: 'Kita hinzufügen',
    loadFailed: 'Die Kitas konnten nicht geladen werden.',
    empty: 'Noch keine Kitas angelegt.',
  },
  columns: {
    kitaName: 'Name',
    location: 'Ort',
  },
  form: {
    titleAdd: 'Kita hinzufügen',
    titleEdit: 'Kita bearbeiten',
    description: 'Name und Ort werden in der Übersicht und in den Nachrichten an Eltern angezeigt.',
    kitaName: 'Name der Kita',
    kitaNamePlaceholder: 'z. B. Kita Sonnenschein',
    location: 'Ort',
    locationPlaceholder: 'z. B. Berlin',
    kitaDescription: 'Beschreibung (optional)',
    kitaDescriptionHint: 'Wird Eltern auf der Abfrageseite angezeigt.',
  },
  toast: {
    created: 'Die Kita wurde hinzugefügt.',
    updated: 'Die Kita wurde aktualisiert.',
    deleted: 'Die Kita wurde gelöscht.',
    createFailed: 'Die Kita konnte nicht hinzugefügt werden.',
    updateFailed: 'Die Kita konnte nicht aktualisiert werden.',
    deleteFailed: 'Die Kita konnte nicht gelöscht werden.',
  },
  deleteDescription:
    'Die Kita „{{name}}“ wird mit allen Kategorien, Gruppen, Kindern, Eltern, Leitungen und Bedarfsabfragen dauerhaft gelöscht.',
  deleteImpact:
    'Die Kita „{{name}}“ wird dauerhaft gelöscht, mit ihr {{families}} Familien mit {{children}} Kindern, {{managers}} Leitungskonten und {{inquiries}} Bedarfsabfragen, davon {{finished}} abgeschlossene samt Ergebnissen und Guthaben.',
  deleteImpactLoading: 'Es wird ermittelt, was mit der Kita „{{name}}“ gelöscht würde…',
  dashboard: {
    pendingTitle_one: '{{count}} Elternteil wartet auf Freischaltung',
    pendingTitle_other: '{{count}} Eltern warten auf Freischaltung',
    pendingText: 'Neue Registrierungen nehmen erst nach der Freischaltung an Bedarfsabfragen teil.',
    pendingLink: 'Registrierungen ansehen',
  },
  registration: {
    title: 'Registrierung für Eltern',
    description: 'Eltern registrieren sich über diesen Link oder den QR-Code.',
    linkLabel: 'Registrierungslink',
    copy: 'Link kopieren',
    copied: 'Kopiert',
    copiedToast: 'Der Registrierungslink wurde in die Zwischenablage kopiert.',
    copyFailed: 'Der Link konnte nicht kopiert werden.',
    qrAlt: 'QR-Code mit dem Registrierungslink von {{kitaName}}',
    download: 'QR-Code herunterladen',
    downloadFailed: 'Der QR-Code konnte nicht heruntergeladen werden.',
    hint: 'Drucken Sie den QR-Code aus und hängen Sie ihn in der Kita aus, oder schicken Sie den Link an die Eltern. Neue Registrierungen müssen Sie freischalten.',
  },
};
