import type { FastifyRequest } from 'fastify';
import type { Language } from '@kita/shared';

/**
 * The language of an API answer: the one the client asks for (the web app sends its UI language as
 * Accept-Language), else the account's, else German. E-mails and SMS use the recipient's stored
 * language instead (notify/).
 */
export function requestLanguage(req: FastifyRequest): Language {
  const header = String(req.headers['accept-language'] ?? '');
  const first = header.split(',')[0]?.trim().toLowerCase() ?? '';
  if (first.startsWith('en')) return 'en';
  if (first.startsWith('de')) return 'de';
  if (req.auth?.kind === 'user') return req.auth.language;
  return 'de';
}
