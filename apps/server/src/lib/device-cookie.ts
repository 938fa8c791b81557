import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * The device cookie (OWASP "device cookies"): a browser in which an account
 * logged in successfully, or whose user proved control of the account's e-mail or phone with a
 * one-time code, carries a signed cookie naming that account. Password attempts from such a
 * device are not refused by the account-wide failure budget (so guessing from elsewhere never
 * locks the owner out); they are slowed per device instead.
 *
 * Value: base64url(JSON {d: device id, a: [account tags]}) "." HMAC-SHA256; an account tag is an
 * HMAC of the login name, so the cookie does not show which accounts were used in the browser.
 * HttpOnly, SameSite=Strict, Path=/api/auth, Secure when PUBLIC_URL is https.
 */
export const DEVICE_COOKIE = 'kita_device';
/** 180 days. */
export const DEVICE_COOKIE_MAX_AGE_S = 180 * 24 * 3600;
const MAX_ACCOUNTS = 10;

export interface Device {
  id: string;
  accounts: string[];
}

const keyOf = (secret: Uint8Array) => createHmac('sha256', secret).update('kita device cookie v1').digest();
const mac = (secret: Uint8Array, data: string) => createHmac('sha256', keyOf(secret)).update(data).digest('base64url');

/** The tag of a login name in the cookie (case-insensitive for e-mail addresses). */
export const accountTag = (secret: Uint8Array, account: string) => mac(secret, `acct:${account.trim().toLowerCase()}`).slice(0, 22);

/** The value of one cookie from a Cookie header. */
export function cookieValue(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}

/** The device named by a valid cookie, or null (missing, forged, malformed). */
export function readDevice(secret: Uint8Array, cookieHeader: string | undefined): Device | null {
  const raw = cookieValue(cookieHeader, DEVICE_COOKIE);
  if (!raw || raw.length > 2048) return null;
  const dot = raw.lastIndexOf('.');
  if (dot <= 0) return null;
  const payload = raw.slice(0, dot);
  const given = Buffer.from(raw.slice(dot + 1));
  const expected = Buffer.from(mac(secret, payload));
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const parsed = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { d?: unknown; a?: unknown };
    if (typeof parsed.d !== 'string' || !Array.isArray(parsed.a) || !parsed.a.every((a) => typeof a === 'string')) return null;
    return { id: parsed.d, accounts: parsed.a as string[] };
  } catch {
    return null;
  }
}

export const knowsAccount = (secret: Uint8Array, device: Device | null, account: string) =>
  !!device && device.accounts.includes(accountTag(secret, account));

/** The device with the account added (a new device when there was none), newest account last. */
export function withAccount(secret: Uint8Array, device: Device | null, account: string): Device {
  const tag = accountTag(secret, account);
  const others = (device?.accounts ?? []).filter((a) => a !== tag);
  return { id: device?.id ?? randomBytes(16).toString('base64url'), accounts: [...others, tag].slice(-MAX_ACCOUNTS) };
}

/** The Set-Cookie header value for a device. */
export function deviceCookieHeader(secret: Uint8Array, device: Device, secure: boolean): string {
  const payload = Buffer.from(JSON.stringify({ d: device.id, a: device.accounts })).toString('base64url');
  return [
    `${DEVICE_COOKIE}=${payload}.${mac(secret, payload)}`,
    'Path=/api/auth',
    `Max-Age=${DEVICE_COOKIE_MAX_AGE_S}`,
    'HttpOnly',
    'SameSite=Strict',
    ...(secure ? ['Secure'] : []),
  ].join('; ');
}
