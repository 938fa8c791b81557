/**
 * Recipients that belong to nobody: the documentation domains of RFC 2606 (`.example`,
 * example.com/.net/.org) and the German phone ranges reserved for fiction (Bundesnetzagentur "Drama
 * Numbers", Amtsblatt 7/2021: Berlin 030 23125 000-999 and the mobile range 0171 39200 00-99).
 * The demo data uses only these. `.test` is deliberately not included: developers point real
 * transports at local SMTP sinks with `.test` addresses.
 */
export function isFictionalRecipient(recipient: string): boolean {
  const r = recipient.trim().toLowerCase();
  if (r.includes('@')) {
    const domain = r.slice(r.lastIndexOf('@') + 1);
    return /(^|\.)example$/.test(domain) || /^example\.(com|net|org)$/.test(domain);
  }
  return /^\+493023125\d{3}$/.test(r) || /^\+4917139200\d{2}$/.test(r);
}
