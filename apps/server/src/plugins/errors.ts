import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { translate } from '@kita/shared/i18n';
import type { Language } from '@kita/shared';
import { AppError } from '../lib/errors.js';
import { requestLanguage } from '../lib/language.js';

/** Zod messages are i18n keys ('validation.name'); anything else gets a generic text. */
function fieldMessage(lang: Language, message: string): string {
  if (/^validation\.\w+$/.test(message)) return translate(lang, message);
  if (/received undefined|received null/.test(message)) return translate(lang, 'validation.required');
  return translate(lang, 'validation.invalid');
}

/**
 * One error handler for the whole API (api.md): every failure answers
 * {statusCode, code, message, details?}; 5xx never carry internals.
 */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((err: FastifyError, req, reply) => {
    const lang = requestLanguage(req);
    if (hasZodFastifySchemaValidationErrors(err)) {
      const details = err.validation.map((v) => ({
        path: v.instancePath.replace(/^\//, '').replace(/\//g, '.') || String(v.params?.['issue'] ? '' : ''),
        message: fieldMessage(lang, v.message ?? ''),
      }));
      return reply.status(400).send({
        statusCode: 400,
        code: 'VALIDATION_FAILED',
        message: details.length ? `${translate(lang, 'errors.VALIDATION_FAILED')} ${details.map((d) => (d.path ? `${d.path}: ${d.message}` : d.message)).join('; ')}` : translate(lang, 'errors.VALIDATION_FAILED'),
        details,
      });
    }
    if (err instanceof AppError) {
      const retryAfter = (err as AppError & { retryAfter?: number }).retryAfter;
      if (retryAfter) reply.header('Retry-After', String(retryAfter));
      return reply.status(err.statusCode).send({
        statusCode: err.statusCode,
        code: err.code,
        message: translate(lang, err.messageKey, err.vars),
        ...(err.details ? { details: err.details.map((d) => ({ path: d.path, message: fieldMessage(lang, d.message) })) } : {}),
      });
    }
    if (isResponseSerializationError(err)) {
      req.log.error({ err: err.cause, url: req.url }, 'response did not match its schema');
    } else if (err.statusCode && err.statusCode < 500) {
      // Fastify's own 4xx (malformed JSON, body too large, unsupported media type).
      const code = err.statusCode === 429 ? 'RATE_LIMITED' : err.statusCode === 404 ? 'NOT_FOUND' : 'BAD_REQUEST';
      return reply.status(err.statusCode).send({
        statusCode: err.statusCode,
        code,
        message: code === 'BAD_REQUEST' ? translate(lang, 'errors.VALIDATION_FAILED') : translate(lang, `errors.${code}`),
      });
    } else {
      req.log.error({ err }, 'unhandled error');
    }
    return reply.status(500).send({ statusCode: 500, code: 'INTERNAL', message: translate(lang, 'errors.INTERNAL') });
  });

  app.setNotFoundHandler((req, reply) => {
    const lang = requestLanguage(req);
    reply.status(404).send({ statusCode: 404, code: 'NOT_FOUND', message: translate(lang, 'errors.NOT_FOUND') });
  });
});
