/** Registered parents awaiting approval (spec section 2 "Registered parents (per Kita)"). */
export const registration = {
  title: 'Registrierte Eltern',
  description: 'Eltern, die sich über den Registrierungslink angemeldet haben und auf die Freigabe warten.',
  columns: { name: 'Name', email: 'E-Mail', children: 'Kinder' },
  noChildren: 'Keine Kinder',
  childBadge: '{{category}} : {{group}}',
  empty: 'Keine offenen Registrierungen.',
  searchPlaceholder: 'Registrierungen suchen…',
  approve: 'Freigeben',
  reject: 'Ablehnen',
  delete: 'Löschen',
  rejectTitle: 'Registrierung ablehnen?',
  rejectText: 'Die Registrierung von {{name}} wird abgelehnt; das Konto bleibt gesperrt.',
  errorTitle: 'Fehler beim Abrufen der Daten',
  errorText: 'Unerwarteter Fehler.',
};
