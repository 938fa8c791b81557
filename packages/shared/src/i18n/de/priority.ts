/**
 * Verified priority (rule version 3): the Kita's priority groups, a family's confirmation on the
 * parent page (staff see the group, the family only that it is confirmed and until when) and the
 * managers' list of confirmations that end soon.
 */
export const priority = {
  card: {
    title: 'Bestätigter Vorrang',
    description:
      'Hat die Kita den Bedarf einer Familie geprüft (z. B. eine Bescheinigung gesehen), bekommen ihre Kinder bei Rot vor allen anderen roten Anfragen einen Platz. Die Gruppe sehen nur die Kita-Leitung und Admins; Unterlagen werden nicht gespeichert.',
    none: 'Für diese Familie ist kein Vorrang bestätigt.',
    group: 'Gruppe',
    for: 'Für',
    wholeFamily: 'Die ganze Familie',
    validUntil: 'Gültig bis',
    note: 'Interne Notiz',
    endingSoon: 'Endet bald',
    expired: 'Abgelaufen',
    active: 'Gilt',
    confirm: 'Vorrang bestätigen',
    change: 'Ändern',
    end: 'Beenden',
    endTitle: 'Vorrang beenden?',
    endText: 'Der Vorrang von {{name}} endet sofort. Bedarfsabfragen, die danach abschließen, behandeln die Familie wie alle anderen.',
  },
  parent: {
    title: 'Vorrang',
    confirmed:
      'Die Kita hat Ihren Bedarf bestätigt. Antworten Sie Rot, bekommt Ihre Familie vor den anderen roten Anfragen einen Platz. Gültig bis {{date}}.',
    confirmedChild:
      'Die Kita hat den Bedarf für {{child}} bestätigt. Antworten Sie für {{child}} Rot, bekommt das Kind vor den anderen roten Anfragen einen Platz. Gültig bis {{date}}.',
    expired: 'Ihr bestätigter Vorrang ist am {{date}} abgelaufen. Besteht der Bedarf weiter, sprechen Sie bitte die Kita an.',
  },
  form: {
    title: 'Vorrang bestätigen',
    description: 'Nur bestätigen, was die Kita geprüft hat. Ein bestehender Vorrang wird ersetzt. Unterlagen werden nicht hochgeladen.',
    group: 'Vorranggruppe',
    child: 'Für',
    wholeFamily: 'Die ganze Familie',
    validUntil: 'Gültig bis (einschließlich)',
    note: 'Interne Notiz (optional)',
    notePlaceholder: 'z. B. Bescheinigung Arbeitgeber gesehen',
    submit: 'Bestätigen',
  },
  groups: {
    title: 'Vorranggruppen',
    description:
      'Rote Kinder bestätigter Familien bekommen zuerst einen Platz, in dieser Reihenfolge der Gruppen. Höchstens 5 Gruppen. Eine Gruppe mit bestätigten Familien lässt sich erst entfernen, wenn deren Vorrang beendet ist.',
    name: 'Name',
    groupDescription: 'Beschreibung',
    add: 'Gruppe hinzufügen',
    remove: 'Entfernen',
    up: 'Nach oben',
    down: 'Nach unten',
    save: 'Speichern',
    confirmations_one: '{{count}} Familie bestätigt',
    confirmations_other: '{{count}} Familien bestätigt',
    newGroup: 'Neue Gruppe',
  },
  list: {
    title: 'Bestätigter Vorrang',
    description: 'Bestätigungen nach Ende sortiert. Abgelaufene zählen nicht mehr; bitte bei Bedarf neu bestätigen.',
    empty: 'Keine Familie hat einen bestätigten Vorrang.',
    family: 'Familie',
    group: 'Gruppe',
    validUntil: 'Gültig bis',
    state: 'Stand',
  },
  toast: {
    confirmed: 'Vorrang bestätigt',
    confirmFailed: 'Vorrang konnte nicht bestätigt werden',
    ended: 'Vorrang beendet',
    endFailed: 'Vorrang konnte nicht beendet werden',
    groupsSaved: 'Vorranggruppen gespeichert',
    groupsSaveFailed: 'Vorranggruppen konnten nicht gespeichert werden',
  },
};
