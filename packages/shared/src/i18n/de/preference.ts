/** The traffic-light page parents open from the inquiry link. */
export const preference = {
  title: 'Bedarfsabfrage Notbetreuung',
  greeting: 'Hallo {{name}},',
  intro: 'bitte geben Sie für jedes Kind an, ob Sie einen Platz in der Notbetreuung brauchen.',
  eventDate: 'Notbetreuung',
  today: 'HEUTE',
  deadline: 'Antwort bis',
  sought_one: '{{count}} Kind gesucht',
  sought_other: '{{count}} Kinder gesucht',
  soughtHint: 'So viele Kinder müssen zu Hause betreut werden, damit die Plätze reichen.',
  childrenTitle: 'Ihre Kinder',
  childrenLabel: 'Auswahl pro Kind',
  choose: 'Bitte wählen',
  yourChoice: 'Ihre Auswahl',
  change: 'Auswahl ändern',
  saving: 'Wird gespeichert …',
  saved: 'Gespeichert',
  noChildren: 'Für diese Abfrage sind keine Ihrer Kinder vorgesehen.',
  options: {
    red: { label: 'Rot', text: 'Ich brauche den Platz.' },
    yellow: { label: 'Gelb', text: 'Ich nehme den Platz, wenn möglich.' },
    green: { label: 'Grün', text: 'Mein Kind bleibt zu Hause, der Platz geht an andere.' },
    blue: { label: 'Blau', text: 'Mein Kind ist schon in der Kita oder fast da.' },
  },
  hints: {
    immediate: 'Die Notbetreuung beginnt heute. Bitte antworten Sie schnell: Sobald alle geantwortet haben oder die Frist abläuft, werden die Plätze vergeben und Sie erhalten das Ergebnis.',
    // Rule 2 (docs/fairness.md): no credit for green, so the hint must not invite green answers.
    future: 'Bitte antworten Sie bis zu der Zeit unter „Antwort bis“. Danach vergibt die Kita die Plätze: zuerst Rot, dann Gelb. Innerhalb einer Farbe kommen Familien zuerst, die zuletzt bei Rot keinen Platz bekamen; bei Gleichstand entscheidet das Los. Grün bringt dabei keinen Vorteil: Antworten Sie so, wie Sie den Platz brauchen. Sie erhalten das Ergebnis per E-Mail oder SMS.',
  },
  faq: 'Häufige Fragen zur Notbetreuung',
  /** /help, the page the FAQ link opens. Rule version 2: docs/fairness.md. */
  help: {
    title: 'Häufige Fragen zur Notbetreuung',
    intro: 'Wenn in der Kita Personal fehlt (Streik, Krankheit), fragt die Kita ab, wer einen Platz in der Notbetreuung braucht. So funktioniert es.',
    coloursTitle: 'Die Ampel: was Ihre Antwort bedeutet',
    colour: {
      red: 'Ihr Kind kommt bei der Vergabe vor Gelb.',
      yellow: 'Ihr Kind bekommt einen Platz, wenn nach Rot noch einer frei ist.',
      green: 'Ihr Platz geht an andere Familien. Grün bringt kein Guthaben und keinen Vorteil bei späteren Abfragen.',
      blue: 'Nur bei Sofort-Abfragen: Ihr Kind behält seinen Platz.',
    },
    order: {
      title: 'Wer bekommt einen Platz?',
      text: 'Wenn die Frist abläuft, werden die Plätze vergeben: zuerst Blau, dann Rot, dann Gelb. Innerhalb einer Farbe kommen Familien mit mehr Guthaben zuerst; bei Gleichstand entscheidet ein veröffentlichtes Los, das niemand nachträglich ändern kann. Geschwister stehen zusammen.',
    },
    credits: {
      title: 'Was ist das Guthaben?',
      text: 'Bekommt Ihr Kind bei Rot keinen Platz, rückt Ihre Familie eine Stufe nach vorn (+1). Bekommt es einen Platz, geht sie zwei Stufen zurück (-2). Es gibt nur drei Stufen, von -1 bis +1. Grün und Gelb ändern nichts: Guthaben lässt sich nicht ansparen. Antworten Sie deshalb immer so, wie Sie den Platz brauchen.',
    },
    careDays: {
      title: 'Für welche Tage gilt die Abfrage?',
      text: 'Die Nachricht nennt die Betreuungstage, z. B. „vom Mo, 30.11. bis Mi, 02.12.“: Beide genannten Tage gehören dazu. Die Antwort gilt für alle Tage der Abfrage.',
    },
    change: {
      title: 'Kann ich meine Antwort ändern?',
      text: 'Ja, bis zu der Zeit unter „Antwort bis“: Öffnen Sie den Link aus der Nachricht noch einmal oder melden Sie sich an (Abfragen & Verlauf). Ohne Antwort zählt Ihr Kind wie Grün.',
    },
    result: {
      title: 'Wann erfahre ich das Ergebnis?',
      text: 'Gleich nach der Frist per E-Mail oder SMS, für jedes Kind: Platz erhalten oder kein Platz. Angemeldet sehen Sie es auch unter Abfragen & Verlauf.',
    },
    release: {
      title: 'Ich brauche den Platz doch nicht mehr.',
      text: 'Geben Sie ihn so früh wie möglich unter Abfragen & Verlauf zurück: Er geht an das nächste Kind auf der Warteliste, dessen Familie sofort benachrichtigt wird.',
    },
  },
  expiredTitle: 'Abfrage beendet',
  expired: 'Diese Bedarfsabfrage ist bereits abgelaufen.',
  home: 'Zur Startseite',
  tokenMissing: 'Token fehlt oder ist ungültig.',
  tokenInvalid: 'Ungültiger oder abgelaufener Aktivierungslink.',
  fetchFailed: 'Die Abfrage konnte nicht geladen werden. Bitte versuchen Sie es später erneut.',
  saveFailed: 'Ein unerwarteter Fehler ist aufgetreten.',
  saveErrorTitle: 'Nicht gespeichert',
  loading: 'Abfrage wird geladen …',
  /** A deleted inquiry's link. */
  withdrawnTitle: 'Diese Abfrage wurde von der Kita zurückgezogen',
  /** The closed inquiry's link shows the family's result. */
  resultTitle: 'Ergebnis',
  resultIntro: 'die Abfrage ist abgeschlossen. Das Ergebnis für Ihre Kinder:',
  result: {
    slot: 'Platz erhalten',
    noSlot: 'Kein Platz',
    waitlist: 'Kein Platz – Warteliste Nr. {{position}}',
    home: 'Betreuung zu Hause – danke!',
    released: 'Platz zurückgegeben',
  },
};
