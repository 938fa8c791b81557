import type { FastifyRequest } from 'fastify';
import { LANGUAGES, type Language, type StaffLanguage } from '@kita/shared';

/** A stored language column as the contract's Language; anything unknown reads as German, the default. */
export function toLanguage(value: string | null | undefined): Language {
  return LANGUAGES.includes(value as Language) ? (value as Language) : 'de';
}

/**
 * The language of an API answer: the one the client asks for (the web app sends its UI language as
 * Accept-Language, a family language included), else the account's, else German. E-mails and SMS
 * use the recipient's stored language instead (notify/).
 */
export function requestLanguage(req: FastifyRequest): Language {
  const header = String(req.headers['accept-language'] ?? '');
  const first = header.split(',')[0]?.trim().toLowerCase() ?? '';
  const asked = LANGUAGES.find((lang) => first === lang || first.startsWith(`${lang}-`));
  if (asked) return asked;
  if (req.auth?.kind === 'user') return req.auth.language;
  return 'de';
}

/** Staff answers (the report and its PDF) stay German and English: a family language gets English. */
export function staffRequestLanguage(req: FastifyRequest): StaffLanguage {
  return requestLanguage(req) === 'de' ? 'de' : 'en';
}
