import http from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { translate, type MessageKey } from '@kita/shared/i18n';
import type { Language } from '@kita/shared';
import { isDatabaseUnavailable, isInvalidTextForDatabase, safeErrorForLog } from '../lib/db-errors.js';
import { AppError } from '../lib/errors.js';
import { requestLanguage } from '../lib/language.js';

/** Zod messages are i18n keys ('validation.name'); anything else gets a generic text. */
function fieldMessage(lang: Language, message: string): string {
  // The schemas' messages are catalog keys (validation.ts); a missing one falls back to the key itself.
  if (/^validation\.\w+$/.test(message)) return translate(lang, message as MessageKey);
  if (/received undefined|received null/.test(message)) return translate(lang, 'validation.required');
  return translate(lang, 'validation.invalid');
}

/**
 * One error handler for the whole API (docs/wire.md): every failure answers
 * {statusCode, code, message, details?}; 5xx never carry internals.
 */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((err: FastifyError, req, reply) => {
    const lang = requestLanguage(req);
    if (hasZodFastifySchemaValidationErrors(err)) {
      const details = err.validation.map((v) => ({
        path: v.instancePath.replace(/^\//, '').replace(/\//g, '.'),
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
      if (err.retryAfter) reply.header('Retry-After', String(err.retryAfter));
      return reply.status(err.statusCode).send({
        statusCode: err.statusCode,
        code: err.code,
        message: translate(lang, err.messageKey, err.vars),
        ...(err.details ? { details: err.details.map((d) => ({ path: d.path, message: fieldMessage(lang, d.message) })) } : {}),
      });
    }
    if (isDatabaseUnavailable(err)) {
      // The connection was lost or refused (server restart, failover, admin command): the request
      // fails, the next one gets a fresh connection from the pool.
      req.log.warn({ err: safeErrorForLog(err) }, 'database unavailable');
      reply.header('Retry-After', '2');
      return reply.status(503).send({ statusCode: 503, code: 'DATABASE_UNAVAILABLE', message: translate(lang, 'errors.DATABASE_UNAVAILABLE') });
    }
    if (isInvalidTextForDatabase(err)) {
      // Defence in depth behind the schemas' text() rule: PostgreSQL refused a character (NUL).
      return reply.status(400).send({ statusCode: 400, code: 'VALIDATION_FAILED', message: translate(lang, 'validation.invalidText') });
    }
    if (isResponseSerializationError(err)) {
      req.log.error({ err: safeErrorForLog(err.cause) }, 'response did not match its schema');
    } else if (err.statusCode && err.statusCode < 500) {
      // Fastify's own 4xx (malformed JSON, body too large, unsupported media type).
      const code = err.statusCode === 429 ? 'RATE_LIMITED' : err.statusCode === 404 ? 'NOT_FOUND' : 'BAD_REQUEST';
      return reply.status(err.statusCode).send({
        statusCode: err.statusCode,
        code,
        message: code === 'BAD_REQUEST' ? translate(lang, 'errors.VALIDATION_FAILED') : translate(lang, `errors.${code}`),
      });
    } else {
      // Never the values of a failed statement (they may be personal data or secrets).
      req.log.error({ err: safeErrorForLog(err) }, 'unhandled error');
    }
    return reply.status(500).send({ statusCode: 500, code: 'INTERNAL', message: translate(lang, 'errors.INTERNAL') });
  });

  app.setNotFoundHandler((req, reply) => {
    const lang = requestLanguage(req);
    reply.status(404).send({ statusCode: 404, code: 'NOT_FOUND', message: translate(lang, 'errors.NOT_FOUND') });
  });
});

/**
 * Fastify's router errors before any route runs (Fastify option `frameworkErrors`): a malformed
 * percent-encoding (400) and a path parameter longer than maxParamLength (414), in the error shape.
 */
export function frameworkErrors(err: FastifyError, req: FastifyRequest, reply: FastifyReply): void {
  const lang = requestLanguage(req);
  const tooLong = err.code === 'FST_ERR_MAX_PARAM_LENGTH';
  const statusCode = tooLong ? 414 : 400;
  const code = tooLong ? 'URI_TOO_LONG' : 'BAD_REQUEST';
  void reply.status(statusCode).send({ statusCode, code, message: translate(lang, `errors.${code}`) });
}

/**
 * Node's HTTP parser errors (Fastify option `clientErrorHandler`): oversized headers (431), a
 * timed-out request (408) or unparseable HTTP (400). There is no request object yet, so the
 * answer is in the default language; a reset connection gets no answer.
 */
export function clientErrorHandler(err: Error & { code?: string }, socket: Socket): void {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const [statusCode, code]: [number, 'HEADERS_TOO_LARGE' | 'BAD_REQUEST'] =
    err.code === 'HPE_HEADER_OVERFLOW' ? [431, 'HEADERS_TOO_LARGE'] : err.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? [408, 'BAD_REQUEST'] : [400, 'BAD_REQUEST'];
  const body = JSON.stringify({ statusCode, code, message: translate('de', `errors.${code}`) });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${statusCode} ${http.STATUS_CODES[statusCode]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(err);
}
