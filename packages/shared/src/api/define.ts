import type { z } from 'zod';

/**
 * One route of the API, defined once: its address (method and path, in the table of routes.ts) and
 * its contract (parameters, query, body and answer as zod schemas, with the OpenAPI summary and
 * tags, in the area's file beside it). The server registers the route from the joined definition
 * (`serve()` in the server's lib/routes.ts); the web (`call()`, apps/web/src/lib/api.ts) and the
 * end-to-end helpers (`apiCall()`, e2e/tests/support.ts) send the address and read their types
 * from the contract. A route whose contract changes and a caller that does not follow fail the
 * typecheck.
 */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RouteAddress {
  readonly method: HttpMethod;
  /** Below /api, Fastify style: `/kitas/:id`; every `:name` is a key of the contract's `params`. */
  readonly path: string;
}

export interface RouteContract {
  readonly tags: readonly string[];
  readonly summary?: string;
  readonly params?: z.ZodType;
  readonly query?: z.ZodType;
  readonly body?: z.ZodType;
  /** The answer by status code, in the `{data: ...}` envelope (absent for a file download). */
  readonly response?: Partial<Record<200 | 201, z.ZodType>>;
  /** Content types of a non-JSON answer (the PDF report). */
  readonly produces?: readonly string[];
}

export interface RouteDefinition extends RouteAddress, RouteContract {}

/**
 * Joins an area's addresses with their contracts by name: every address needs a contract, and a
 * contract without an address is refused, so the two lists cannot drift apart.
 */
export function defineRoutes<const A extends Record<string, RouteAddress>, const C extends { [K in keyof A]: RouteContract }>(
  addresses: A,
  contracts: C & Record<Exclude<keyof C, keyof A>, never>,
): { [K in keyof A]: A[K] & C[K] } {
  return Object.fromEntries(Object.entries(addresses).map(([name, address]) => [name, { ...address, ...contracts[name] }])) as {
    [K in keyof A]: A[K] & C[K];
  };
}

type InputOf<S> = S extends z.ZodType ? z.input<S> : never;

/** What a caller sends as path parameters, query and body (the schemas' input side). */
export type ParamsOf<R extends RouteDefinition> = InputOf<R['params']>;
export type QueryOf<R extends RouteDefinition> = InputOf<R['query']>;
export type BodyOf<R extends RouteDefinition> = InputOf<R['body']>;

type Answer<R extends RouteDefinition> = R['response'] extends Record<200, z.ZodType>
  ? R['response'][200]
  : R['response'] extends Record<201, z.ZodType>
    ? R['response'][201]
    : never;

/** The payload a caller receives: the `data` of the success answer's envelope. */
export type DataOf<R extends RouteDefinition> = z.output<Answer<R>> extends { data: infer D } ? D : never;

// `{} extends S`: every key of S is optional, so the caller may leave the whole part out.
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the test needs the empty object type
type Part<K extends string, S> = [S] extends [never] ? { [P in K]?: never } : {} extends S ? { [P in K]?: S } : { [P in K]: S };

/**
 * The request a caller builds for a route: `params` and `body` are required where the route has
 * them (a body whose every field is optional may be left out) and forbidden where it has none.
 */
export type RequestOf<R extends RouteDefinition> = Part<'params', ParamsOf<R>> & Part<'query', QueryOf<R>> & Part<'body', BodyOf<R>>;
