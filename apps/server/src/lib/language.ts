import type { FastifyRequest } from 'fastify';
import type { Language } from '@kita/shared';

/** The caller's language: their account's, else the browser's Accept-Language, else German. */
export function requestLanguage(req: FastifyRequest): Language {
  if (req.auth?.kind === 'user') return req.auth.language;
  const header = String(req.headers['accept-language'] ?? '');
  const first = header.split(',')[0]?.trim().toLowerCase() ?? '';
  return first.startsWith('en') ? 'en' : 'de';
}
