/**
 * The operator's legal settings a production start needs (config.ts refuses the unedited legal
 * templates): every production configuration in the tests spreads these in.
 */
export const LEGAL_ENV = {
  LEGAL_OPERATOR: 'Stadt Teststadt, Jugendamt, Marktplatz 1, 12345 Teststadt',
  LEGAL_REPRESENTATIVE: 'Oberbürgermeisterin Erika Test',
  LEGAL_CONTACT: 'kita@stadt-test.de',
  LEGAL_DPO: 'Datenschutzbeauftragte der Stadt Teststadt, datenschutz@stadt-test.de',
  LEGAL_SUPERVISORY_AUTHORITY: 'Landesbeauftragte für Datenschutz, Teststraße 1, 12345 Landeshauptstadt',
  LEGAL_PROCESSORS: 'Rechenzentrum Teststadt (Server und Datenbank)',
  LEGAL_ENFORCEMENT_BODY: 'Schlichtungsstelle nach dem Landesgleichstellungsgesetz, Teststadt',
} as const;
