import { LIMITS } from '@kita/shared/constants';
import { isErrorCode, type ErrorCode } from '@kita/shared/errors';
import type { DataOf, DefinitionOf, RequestOf, RouteAddress, RouteDefinition } from '@kita/shared/api';
import { fillPath } from '@kita/shared/api/routes';
import { clearSession, getToken } from './auth';
import { currentLanguage, i18n } from './i18n';
import { navigateTo } from './navigation';
import { apiUrl } from './api-url';


export interface ApiErrorDetail {
  path: string;
  message: string;
}

/** A server error code (the shared `ERROR_CODES`), or one of the client's own for a missing answer. */
export type ApiErrorCode = ErrorCode | 'NO_RESPONSE' | 'NO_DATA';

/** Every failed call rejects with this: status 0 means no answer reached us. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: ApiErrorCode | undefined;
  readonly details: ApiErrorDetail[] | undefined;
  /** The parsed error body as the server sent it (docs/wire.md error shape), if any. */
  readonly data: unknown;

  constructor(init: { status: number; message: string; code?: ApiErrorCode; details?: ApiErrorDetail[]; data?: unknown }) {
    super(init.message);
    this.name = 'ApiError';
    this.status = init.status;
    this.code = init.code;
    this.details = init.details;
    this.data = init.data;
  }
}

export type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions {
  query?: Record<string, QueryValue>;
  body?: unknown;
  /** Cancels the call (TanStack Query passes one). */
  signal?: AbortSignal;
  /** Set false for routes that answer without a `data` payload (e.g. 204). */
  expectData?: boolean;
  /**
   * Set false where a 403 is an expected answer that the page handles itself (login forms);
   * by default a 403 sends the user to /unauthorized.
   */
  redirectOnForbidden?: boolean;
  /** A bearer token other than the stored session (the preference page's link session). */
  token?: string;
}

function buildUrl(path: string, query?: Record<string, QueryValue>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null) params.set(key, String(value));
  }
  const search = params.toString();
  return `${apiUrl(path)}${search ? `?${search}` : ''}`;
}

function noResponse(): ApiError {
  return new ApiError({ status: 0, message: i18n.t('errors.noResponse'), code: 'NO_RESPONSE' });
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function toApiError(status: number, body: unknown): ApiError {
  const record = isRecord(body) ? body : {};
  const message =
    typeof record.message === 'string' && record.message
      ? record.message
      : i18n.t('errors.requestFailed', { status });
  return new ApiError({
    status,
    message,
    code: isErrorCode(record.code) ? record.code : undefined,
    details: Array.isArray(record.details) ? (record.details as ApiErrorDetail[]) : undefined,
    data: body,
  });
}

/** Runs fetch with the spec's 100 s timeout, joined with the caller's abort signal. */
async function send(method: string, path: string, options: RequestOptions, accept: string): Promise<Response> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), LIMITS.requestTimeoutMs);
  const onAbort = () => controller.abort();
  options.signal?.addEventListener('abort', onAbort);
  // The server answers (error messages, PDFs) in the UI's current language.
  const headers: Record<string, string> = { Accept: accept, 'Accept-Language': currentLanguage() };
  const token = options.token ?? getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  let body: BodyInit | undefined;
  if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  try {
    const response = await fetch(buildUrl(path, options.query), { method, headers, body, signal: controller.signal });
    if (!response.ok) {
      const error = toApiError(response.status, await readJson(response));
      // Only the stored session can be stale; a refused link-session token (options.token) says nothing about it.
      if (response.status === 401 && !options.token) clearSession();
      if (response.status === 403 && options.redirectOnForbidden !== false) navigateTo('/unauthorized');
      throw error;
    }
    return response;
  } catch (error) {
    if (error instanceof ApiError) throw error;
    // A cancel by the caller stays a cancel; a timeout or network failure means no answer.
    if (options.signal?.aborted) throw error;
    throw noResponse();
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', onAbort);
  }
}

async function request<T>(method: string, path: string, options: RequestOptions = {}): Promise<T> {
  const response = await send(method, path, options, 'application/json');
  const body = await readJson(response);
  if (options.expectData === false) return (isRecord(body) ? body.data : undefined) as T;
  if (!isRecord(body) || body.data === undefined || body.data === null) {
    throw new ApiError({ status: response.status, message: i18n.t('errors.noData'), code: 'NO_DATA', data: body });
  }
  return body.data as T;
}

/** What a call adds to the route's own request: cancelling, the 403 handling, another token. */
export type CallOptions = Pick<RequestOptions, 'signal' | 'redirectOnForbidden' | 'token'>;

/** The route's params, query and body (required where the route has them), plus the call options. */
export type CallInput<A extends RouteAddress> = RequestOf<DefinitionOf<A>> & CallOptions;
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- `{} extends`: every key optional, so the input may be left out
type CallArgs<A extends RouteAddress> = {} extends CallInput<A> ? [input?: CallInput<A>] : [input: CallInput<A>];

function requestOf(route: RouteAddress, input: (RequestOf<RouteDefinition> & CallOptions) | undefined): { path: string; options: RequestOptions } {
  const { params, query, body, ...options } = input ?? {};
  return {
    path: fillPath(route.path, params as Record<string, unknown> | undefined),
    options: {
      ...options,
      query: query as Record<string, QueryValue> | undefined,
      body,
      // A deletion's answer is not needed by any screen; a missing payload is no failure there.
      ...(route.method === 'DELETE' ? { expectData: false } : {}),
    },
  };
}

/**
 * The API client, the only way the web reaches the server: `call(apiRoutes.kitas.get, { params:
 * { id } })` sends a route of the shared table (packages/shared/src/api/routes.ts) with the params,
 * query and body its contract types, and resolves with the `data` of the `{data: ...}` envelope
 * (docs/wire.md), typed from the contract's answer schema; it rejects with an ApiError. The contracts are read as
 * types only, so no zod comes along. Use it from a feature's queries.ts, not from pages.
 */
export function call<A extends RouteAddress>(route: A, ...[input]: CallArgs<A>): Promise<DataOf<DefinitionOf<A>>> {
  const { path, options } = requestOf(route, input as RequestOf<RouteDefinition> | undefined);
  return request<DataOf<DefinitionOf<A>>>(route.method, path, options);
}

/** A binary download of a route without a JSON answer (the PDF report). */
export async function download<A extends RouteAddress>(route: A, ...[input]: CallArgs<A>): Promise<Blob> {
  const { path, options } = requestOf(route, input as RequestOf<RouteDefinition> | undefined);
  const response = await send(route.method, path, options, '*/*');
  return response.blob();
}

/** A download with the name the server gives it (Content-Disposition), or `fallbackName` (the CSV files). */
export async function downloadFile<A extends RouteAddress>(
  route: A,
  fallbackName: string,
  ...[input]: CallArgs<A>
): Promise<{ blob: Blob; fileName: string }> {
  const { path, options } = requestOf(route, input as RequestOf<RouteDefinition> | undefined);
  const response = await send(route.method, path, options, '*/*');
  return { blob: await response.blob(), fileName: fileNameOf(response.headers.get('Content-Disposition')) ?? fallbackName };
}

/** The file name of a Content-Disposition header: the UTF-8 `filename*` first, then `filename`. */
export function fileNameOf(header: string | null): string | null {
  if (!header) return null;
  const extended = /filename\*=UTF-8''([^;]+)/i.exec(header);
  if (extended) {
    try {
      return decodeURIComponent(extended[1]!.trim());
    } catch {
      // A malformed escape: fall back to the plain name.
    }
  }
  return /filename="([^"]+)"/i.exec(header)?.[1] ?? null;
}

/** How long a saved file's object URL lives: some browsers read it only after the click returned. */
export const DOWNLOAD_URL_LIFETIME_MS = 60_000;

/** Saves a blob through a temporary link (the browser's download). */
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), DOWNLOAD_URL_LIFETIME_MS);
}

/** The text to show for any error: the server's message, our transport texts, or the generic one. */
export function errorMessage(error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  return i18n.t('errors.unexpected');
}
