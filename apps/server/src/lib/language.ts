import type { FastifyRequest } from 'fastify';
import { LANGUAGES, type Language } from '@kita/shared';

/**
 * The language of an API answer: the one the client asks for (the web app sends its UI language as
 * Accept-Language), else the account's, else German. E-mails and SMS use the recipient's stored
 * language instead (notify/).
 */
export function requestLanguage(req: FastifyRequest): Language {
  const header = String(req.headers['accept-language'] ?? '');
  const first = header.split(',')[0]?.trim().toLowerCase() ?? '';
  // Any product language by its primary subtag ("en-GB", "uk-UA", "ar"): a family's page in
  // Arabic gets its error texts in Arabic. Staff pages only ever send German or English.
  const primary = first.split('-')[0] ?? '';
  if ((LANGUAGES as readonly string[]).includes(primary)) return primary as Language;
  if (req.auth?.kind === 'user') return req.auth.language;
  return 'de';
}
