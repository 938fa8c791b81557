import type { Language, SessionUser } from '@kita/shared';
import { ROLES } from '@kita/shared/constants';

/**
 * Reads the stored user (localStorage) at start-up exactly as sessionUserSchema of @kita/shared
 * (auth.ts) parses it: the same checks (zod's own uuid pattern, copied below, the roles, the languages,
 * null where the schema allows it) and the same output (only the schema's keys, in its order).
 * Written out by hand because lib/auth.ts runs on every page and zod would be the largest part
 * of the parents' first download; session-user.test.ts compares both on valid and broken values,
 * and building the result as a SessionUser makes a changed shape fail to compile.
 */
/** zod's uuid pattern (zod/v4/core regexes.uuid()), copied: importing zod's regex module costs the first download ~2 KB. */
const UUID =
  /^([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[1-8][0-9a-fA-F]{3}-[89abAB][0-9a-fA-F]{3}-[0-9a-fA-F]{12}|00000000-0000-0000-0000-000000000000|ffffffff-ffff-ffff-ffff-ffffffffffff)$/;
const LANGUAGES: readonly Language[] = ['de', 'en', 'tr', 'uk', 'ar', 'pl', 'ru'];

type Fields = Record<string, unknown>;

function isObject(value: unknown): value is Fields {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const isString = (value: unknown): value is string => typeof value === 'string';
const isLanguage = (value: unknown): value is Language => LANGUAGES.includes(value as Language);
const isRole = (value: unknown): value is SessionUser['role'] => ROLES.includes(value as SessionUser['role']);
const isStringOrNull = (value: unknown): value is string | null => value === null || isString(value);

function readParent(value: unknown): SessionUser['parent'] | undefined {
  if (value === null) return null;
  if (!isObject(value) || !isString(value.parentId) || !isLanguage(value.language)) return undefined;
  return { parentId: value.parentId, language: value.language };
}

function readKita(value: unknown): SessionUser['kita'] | undefined {
  if (value === null) return null;
  if (!isObject(value) || !isString(value.kitaId)) return undefined;
  return { kitaId: value.kitaId };
}

/** The user, or null when the value is not a valid SessionUser. */
export function parseStoredUser(value: unknown): SessionUser | null {
  if (!isObject(value)) return null;
  const { userId, name, email, role, parentId, language } = value;
  const parent = readParent(value.parent);
  const kita = readKita(value.kita);
  if (!isString(userId) || !UUID.test(userId) || !isString(name) || !isStringOrNull(email) || !isRole(role)) return null;
  if (!isStringOrNull(parentId) || parent === undefined || kita === undefined || !isLanguage(language)) return null;
  return { userId, name, email, role, parentId, parent, kita, language };
}
