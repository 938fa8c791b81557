import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * No secrets at rest in the outbox. A message that carries a link token or a code is
 * stored with SECRET_PLACEHOLDER in its subject and bodies; the secret itself sits beside it,
 * encrypted (AES-256-GCM) with a key derived from JWT_SECRET, which lives outside the database.
 * The outbox worker puts the secret back in at send time and blanks the column once the message
 * has left for a real transport (or failed for good). So a database or backup reader finds
 * neither a usable link nor a code, before or after delivery.
 */
export const SECRET_PLACEHOLDER = '{{secret}}';

export type SecretKey = Buffer;

/** The outbox key: HKDF-SHA256 of the JWT secret, so sessions and messages never share a key. */
export function outboxSecretKey(jwtSecret: Uint8Array): SecretKey {
  return Buffer.from(hkdfSync('sha256', jwtSecret, Buffer.alloc(0), 'kita-notbetreuung/outbox-secret/v1', 32));
}

/**
 * The keys that open sealed secrets, current first: during a rotation JWT_SECRET_PREVIOUS's key
 * still opens what was sealed before it (notify/rotation.ts re-seals those with the current key).
 */
export function outboxSecretKeys(config: { jwtSecret: Uint8Array; jwtSecretPrevious?: Uint8Array | null }): SecretKey[] {
  return [outboxSecretKey(config.jwtSecret), ...(config.jwtSecretPrevious ? [outboxSecretKey(config.jwtSecretPrevious)] : [])];
}

/** The plain secret and the index of the key that opened it, or null when none of the keys does. */
export function openSecret(sealed: string, keys: SecretKey | readonly SecretKey[]): { plain: string; keyIndex: number } | null {
  const ring = Array.isArray(keys) ? (keys as readonly SecretKey[]) : [keys as SecretKey];
  for (let i = 0; i < ring.length; i++) {
    const plain = decryptSecret(sealed, ring[i]!);
    if (plain !== null) return { plain, keyIndex: i };
  }
  return null;
}

export function encryptSecret(plain: string, key: SecretKey): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return `v1.${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url')}`;
}

/** The plain secret, or null when it cannot be read with this key (e.g. JWT_SECRET was rotated). */
export function decryptSecret(sealed: string, key: SecretKey): string | null {
  if (!sealed.startsWith('v1.')) return null;
  try {
    const raw = Buffer.from(sealed.slice(3), 'base64url');
    const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
    decipher.setAuthTag(raw.subarray(12, 28));
    return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}

interface MessageText {
  subject?: string | null;
  bodyText: string;
  bodyHtml?: string | null;
}

/** Replaces every occurrence of `secret` in the message with the placeholder and adds the sealed secret. */
export function sealMessage<T extends MessageText>(message: T, secret: string, key: SecretKey): T & { secret: string } {
  const hide = (s: string) => s.split(secret).join(SECRET_PLACEHOLDER);
  if (!message.bodyText.includes(secret)) throw new Error('sealMessage: the secret does not occur in the message');
  return {
    ...message,
    subject: message.subject == null ? message.subject : hide(message.subject),
    bodyText: hide(message.bodyText),
    bodyHtml: message.bodyHtml == null ? message.bodyHtml : hide(message.bodyHtml),
    secret: encryptSecret(secret, key),
  };
}

/**
 * The message as its recipient gets it (the worker at send time, the dev mailbox). Without a
 * readable secret the placeholder stays: the text is still shown, the link or code is not.
 */
export function openMessage<T extends MessageText & { secret?: string | null }>(row: T, key: SecretKey | readonly SecretKey[]): T {
  if (!row.secret) return row;
  const secret = openSecret(row.secret, key)?.plain ?? null;
  if (secret === null) return row;
  const show = (s: string) => s.split(SECRET_PLACEHOLDER).join(secret);
  return {
    ...row,
    subject: row.subject == null ? row.subject : show(row.subject),
    bodyText: show(row.bodyText),
    bodyHtml: row.bodyHtml == null ? row.bodyHtml : show(row.bodyHtml),
  };
}
