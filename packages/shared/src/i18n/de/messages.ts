/**
 * E-mail and SMS templates (docs/domain.md "Messages"), rendered on the server by
 * apps/server/src/notify/messages.ts. `{{var}}` placeholders; `body` paragraphs are separated by a
 * blank line. SMS texts use only GSM-7 characters (umlauts and ß are fine, no typographic dashes
 * or quotes) so that one SMS holds 160 characters.
 */
export const messages = {
  common: {
    greeting: 'Hallo {{name}},',
    greetingNoName: 'Guten Tag,',
    signature: 'Ihr Team der Kita-Notbetreuung',
    footer: 'Diese Nachricht wurde automatisch versendet. Bitte antworten Sie nicht darauf.',
    privacy: 'Datenschutz',
    imprint: 'Impressum',
    accessibility: 'Barrierefreiheit',
    linkFallback: 'Falls der Button nicht funktioniert, kopieren Sie diesen Link in Ihren Browser:',
    /** Above the inquiry's description, which is sent as the Kita typed it (often German). */
    kitaNote: 'Hinweis der Kita (in ihren eigenen Worten):',
  },
  activation: {
    subject: 'Bitte bestätigen Sie Ihre E-Mail-Adresse',
    body: 'für Sie wurde bei {{kitaName}} ein Konto für die Notbetreuung angelegt. Bitte bestätigen Sie Ihre E-Mail-Adresse über den folgenden Link. Der Link ist 7 Tage gültig.',
    action: 'E-Mail-Adresse bestätigen',
    sms: '{{kitaName}}: Bitte bestätigen Sie Ihre E-Mail-Adresse: {{link}}',
  },
  email_change: {
    subject: 'Bitte bestätigen Sie Ihre neue E-Mail-Adresse',
    body: 'diese Adresse soll künftig für Ihr Konto in der Notbetreuung von {{kitaName}} verwendet werden. Bitte bestätigen Sie sie über den folgenden Link; erst dann gilt sie. Der Link ist 48 Stunden gültig.\n\nWenn Sie das nicht veranlasst haben, ignorieren Sie diese E-Mail. Es ändert sich nichts.',
    action: 'Neue E-Mail-Adresse bestätigen',
    sms: '{{kitaName}}: Bitte bestätigen Sie Ihre neue E-Mail-Adresse: {{link}}',
  },
  otp: {
    subject: 'Ihr Bestätigungscode: {{otp}}',
    body: 'Ihr Bestätigungscode lautet {{otp}}. Er ist {{minutes}} Minuten gültig. Geben Sie ihn an niemanden weiter.',
    action: '',
    sms: 'Ihr Kita-Bestätigungscode: {{otp}}. Gültig für {{minutes}} Minuten. Bitte an niemanden weitergeben.',
  },
  password_reset: {
    subject: 'Passwort zurücksetzen',
    body: 'Sie haben angefordert, Ihr Passwort zurückzusetzen. Über den folgenden Link können Sie ein neues Passwort festlegen. Der Link ist {{minutes}} Minuten gültig.\n\nFalls Sie das nicht angefordert haben, ignorieren Sie diese Nachricht; Ihr Passwort bleibt unverändert.',
    action: 'Neues Passwort festlegen',
    sms: 'Kita: Neues Passwort festlegen ({{minutes}} Min. gültig): {{link}}',
  },
  registration_received: {
    subject: 'Ihre Registrierung bei {{kitaName}}',
    body: 'vielen Dank für Ihre Registrierung bei {{kitaName}}. Die Kita-Leitung prüft Ihre Angaben. Sobald Ihr Konto freigegeben ist, erhalten Sie eine weitere Nachricht.',
    action: '',
    sms: '{{kitaName}}: Danke für Ihre Registrierung. Wir melden uns, sobald die Kita-Leitung Ihr Konto freigegeben hat.',
  },
  account_exists: {
    subject: 'Registrierung bei {{kitaName}}: Sie haben bereits ein Konto',
    body: 'mit dieser E-Mail-Adresse wurde gerade eine Registrierung bei {{kitaName}} versucht. Sie haben bereits ein Konto, eine zweite Registrierung ist nicht nötig.\n\nMelden Sie sich einfach an. Falls Sie Ihr Passwort vergessen haben, können Sie es auf der Anmeldeseite zurücksetzen. Wenn Sie das nicht waren, können Sie diese Nachricht ignorieren.',
    action: 'Zur Anmeldung',
    sms: '{{kitaName}}: Sie haben bereits ein Konto. Anmelden: {{link}}',
  },
  registration_approved: {
    subject: 'Ihr Konto bei {{kitaName}} ist freigegeben',
    body: 'die Kita-Leitung hat Ihre Registrierung bei {{kitaName}} freigegeben. Sie können sich jetzt anmelden und erhalten künftig die Bedarfsabfragen zur Notbetreuung.',
    action: 'Zur Anmeldung',
    sms: '{{kitaName}}: Ihr Konto ist freigegeben. Anmelden: {{link}}',
  },
  inquiry: {
    subject: 'Bedarfsabfrage Notbetreuung {{careDays}} – {{kitaName}}',
    body: '{{kitaName}} fragt den Bedarf an Notbetreuung {{careDays}} ab. Bitte geben Sie bis {{deadline}} Uhr für jedes Ihrer Kinder an, ob Sie einen Platz brauchen.',
    action: 'Bedarf angeben',
    sms: '{{kitaName}}: Notbetreuung {{careDays}}, Antwort bis {{deadline}}: {{link}}',
  },
  reminder: {
    subject: 'Erinnerung: Bedarfsabfrage Notbetreuung {{careDays}} – {{kitaName}}',
    body: 'wir haben von Ihnen noch keine Antwort auf die Bedarfsabfrage von {{kitaName}} zur Notbetreuung {{careDays}} erhalten. Bitte geben Sie bis {{deadline}} Uhr für jedes Ihrer Kinder an, ob Sie einen Platz brauchen.',
    action: 'Bedarf angeben',
    sms: 'Erinnerung {{kitaName}}: Notbetreuung {{careDays}}, Antwort bis {{deadline}}: {{link}}',
  },
  results: {
    subject: 'Ergebnis der Bedarfsabfrage: Notbetreuung {{careDays}} – {{kitaName}}',
    body: 'die Bedarfsabfrage von {{kitaName}} zur Notbetreuung {{careDays}} ist abgeschlossen. Das Ergebnis für Ihre Kinder:\n\n{{results}}',
    action: 'In den Kalender eintragen',
    sms: '{{kitaName}}, Notbetreuung {{careDays}}: {{results}}',
    // With a granted place: the family's calendar link (notify/calendar-link.ts).
    smsLink: '{{kitaName}}, Notbetreuung {{careDays}}: {{results}} Kalender: {{link}}',
  },
  slot_offered: {
    subject: 'Ein Platz ist frei geworden – {{kitaName}}',
    body: 'in der Notbetreuung von {{kitaName}} {{careDays}} ist ein Platz frei geworden. {{childName}} hat jetzt einen Platz.',
    action: 'In den Kalender eintragen',
    sms: '{{kitaName}}: Ein Platz ist frei geworden. {{childName}} hat {{careDays}} einen Platz in der Notbetreuung.',
    // With a granted place: the family's calendar link (notify/calendar-link.ts).
    smsLink: '{{kitaName}}: Ein Platz ist frei geworden. {{childName}} hat {{careDays}} einen Platz in der Notbetreuung. Kalender: {{link}}',
  },
  slot_released: {
    subject: 'Platz in der Notbetreuung zurückgegeben – {{kitaName}}',
    body: 'die Leitung von {{kitaName}} hat den Platz von {{childName}} in der Notbetreuung {{careDays}} zurückgegeben. {{childName}} hat damit keinen Platz mehr. Bei Fragen wenden Sie sich bitte an die Kita.',
    action: '',
    sms: '{{kitaName}}: Die Kita hat den Platz von {{childName}} in der Notbetreuung {{careDays}} zurückgegeben.',
  },
  event_withdrawn: {
    subject: 'Bedarfsabfrage zurückgezogen: Notbetreuung {{careDays}} – {{kitaName}}',
    body: '{{kitaName}} hat die Bedarfsabfrage zur Notbetreuung {{careDays}} zurückgezogen. Sie müssen nichts mehr tun; der Link aus der Abfrage gilt nicht mehr.',
    action: '',
    sms: '{{kitaName}}: Die Abfrage zur Notbetreuung {{careDays}} wurde zurückgezogen. Sie müssen nichts tun.',
  },
  registration_declined: {
    subject: 'Ihre Registrierung bei {{kitaName}}',
    body: 'die Leitung von {{kitaName}} hat Ihre Registrierung nicht freigegeben. Bei Fragen wenden Sie sich bitte direkt an die Kita.',
    action: '',
    sms: '{{kitaName}}: Die Kita-Leitung hat Ihre Registrierung nicht freigegeben. Bei Fragen wenden Sie sich bitte an die Kita.',
  },
  credits_reset: {
    subject: 'Ihr Guthaben bei {{kitaName}} wurde zurückgesetzt',
    body: 'die Leitung von {{kitaName}} hat das Guthaben Ihrer Familie auf 0 zurückgesetzt.',
    action: '',
    sms: '{{kitaName}}: Das Guthaben Ihrer Familie wurde auf 0 zurückgesetzt.',
  },
  /** The confirmation of an erasure, sent to the family's last address before it is erased. */
  erasure_done: {
    subject: 'Ihre Daten bei {{kitaName}} wurden gelöscht',
    body: '{{kitaName}} hat die Daten Ihrer Familie und Ihr Konto gelöscht. Abgeschlossene Abfragen enthalten nur noch eine Zeile ohne Namen, damit ihre Ergebnisse nachvollziehbar bleiben. Diese Nachricht ist die letzte, die Sie von uns erhalten.',
    action: '',
    sms: '{{kitaName}}: Die Daten Ihrer Familie und Ihr Konto wurden gelöscht.',
  },
  /** Result lines passed as the `results` variable (one per child). */
  resultLine: {
    slot: '{{childName}}: Platz erhalten',
    noSlot: '{{childName}}: kein Platz',
    noSlotCredit: '{{childName}}: kein Platz (+1 Guthaben, beim nächsten Mal früher dran)',
    /** Unplaced, on the waiting list of a future inquiry (a freed place goes to no. 1 first). */
    waitlist: '{{childName}}: kein Platz, Warteliste Nr. {{position}}',
    waitlistCredit: '{{childName}}: kein Platz, Warteliste Nr. {{position}} (+1 Guthaben)',
    /** The family answered green (care at home): no place was needed. */
    home: '{{childName}}: Betreuung zu Hause, danke!',
  },
  /** Staff: the event form's line with the SMS an inquiry will cost before it is sent. */
  estimate: {
    title: 'Voraussichtliche SMS dieser Abfrage',
    summary: 'Abgerechnete SMS-Teile: {{segments}} · Familien per SMS: {{sms}} · per E-Mail: {{email}}',
    perLanguageLabel: 'Je Sprache (Familien × Teile einer SMS):',
    perLanguage: '{{language}}: {{families}} × {{each}}',
    hint: 'Eine SMS auf Kyrillisch oder Arabisch fasst 70 statt 160 Zeichen je Teil. Jede Erinnerung kostet je Familie ohne Antwort noch einmal so viel.',
    none: 'Keine Familie dieser Kategorie bekommt die Abfrage per SMS.',
  },
  /** Push notifications (notify/push-payload.ts): generic texts, never a child's name; the title is the Kita's name. */
  push: {
    inquiry: 'Neue Bedarfsabfrage zur Notbetreuung. Bitte geben Sie Ihren Bedarf an.',
    reminder: 'Erinnerung: Bitte beantworten Sie die Bedarfsabfrage zur Notbetreuung.',
    results: 'Das Ergebnis der Bedarfsabfrage zur Notbetreuung liegt vor.',
    slot_offered: 'In der Notbetreuung ist ein Platz frei geworden. Bitte sehen Sie nach.',
  },
};
