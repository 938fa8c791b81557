/** Server error messages (api.md error body `message`) and client transport errors (spec section 8). */
export const errors = {
  VALIDATION_FAILED: 'Die Eingaben sind ungültig.',
  UNAUTHENTICATED: 'Bitte melden Sie sich an.',
  INVALID_CREDENTIALS: 'E-Mail oder Passwort ist falsch.',
  FORBIDDEN: 'Sie haben keine Berechtigung für diese Aktion.',
  NOT_FOUND: 'Nicht gefunden.',
  CONFLICT: 'Die Aktion steht im Konflikt mit vorhandenen Daten.',
  EMAIL_TAKEN: 'Diese E-Mail-Adresse wird bereits verwendet.',
  CATEGORY_EXISTS: 'Diese Kategorie gibt es in der Kita bereits.',
  RATE_LIMITED: 'Zu viele Versuche. Bitte später erneut versuchen.',
  INTERNAL: 'Ein unerwarteter Fehler ist aufgetreten.',
  OWN_ROLE: 'Die eigene Rolle kann nicht geändert werden.',
  OLD_PASSWORD_WRONG: 'Das alte Passwort ist falsch.',
  requestFailed: 'Anfrage fehlgeschlagen mit Status {{status}}',
  noResponse: 'Keine Antwort vom Server erhalten.',
  noData: 'Keine Daten in der Antwort erhalten.',
  unexpected: 'Ein unerwarteter Fehler ist aufgetreten.',
};
