import { generateVapidKeys } from '../src/config.js';

/** A VAPID key pair made for this test run (production refuses to start without one while PUSH is on). */
const vapid = generateVapidKeys();

/**
 * The operator's legal settings a production start needs (config.ts refuses the unedited legal
 * templates): every production configuration in the tests spreads these in. They carry the VAPID
 * keys too, the other setting production requires that has no default.
 */
export const LEGAL_ENV = {
  VAPID_PUBLIC_KEY: vapid.publicKey,
  VAPID_PRIVATE_KEY: vapid.privateKey,
  LEGAL_OPERATOR: 'Stadt Teststadt, Jugendamt, Marktplatz 1, 12345 Teststadt',
  LEGAL_REPRESENTATIVE: 'Oberbürgermeisterin Erika Test',
  LEGAL_CONTACT: 'kita@stadt-test.de',
  LEGAL_DPO: 'Datenschutzbeauftragte der Stadt Teststadt, datenschutz@stadt-test.de',
  LEGAL_SUPERVISORY_AUTHORITY: 'Landesbeauftragte für Datenschutz, Teststraße 1, 12345 Landeshauptstadt',
  LEGAL_PROCESSORS: 'Rechenzentrum Teststadt (Server und Datenbank)',
  LEGAL_ENFORCEMENT_BODY: 'Schlichtungsstelle nach dem Landesgleichstellungsgesetz, Teststadt',
} as const;
