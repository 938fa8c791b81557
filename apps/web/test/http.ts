import type { DataOf, DefinitionOf, RouteAddress } from '@kita/shared/api';
import type { ErrorCode } from '@kita/shared/errors';

/**
 * The server, answered at the HTTP boundary: a test lists the routes it expects (routes of the
 * shared table, answered with the data their contracts type) and the web's real client, queries
 * and components run against them through the global fetch. A request no handler takes answers
 * 404 and is kept in `unhandled`, so a test can say that nothing else was asked.
 */
export interface SeenRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  params: Record<string, string>;
  body: unknown;
}

type Answer<A extends RouteAddress> =
  | { status?: 200 | 201; data: DataOf<DefinitionOf<A>> }
  | { status: number; error: { code: ErrorCode; message: string } };

interface Handler {
  route: RouteAddress;
  pattern: RegExp;
  names: string[];
  answer: (request: SeenRequest) => Answer<RouteAddress> | Promise<Answer<RouteAddress>>;
}

/** One route's handler, its answer typed by the route's contract. */
export function on<A extends RouteAddress>(route: A, answer: (request: SeenRequest) => Answer<A> | Promise<Answer<A>>): Handler {
  const names: string[] = [];
  const source = route.path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:([A-Za-z_]\w*)/g, (_, name: string) => {
    names.push(name);
    return '([^/]+)';
  });
  return { route, pattern: new RegExp(`^/api${source}$`), names, answer: answer as Handler['answer'] };
}

export interface MockServer {
  /** Every request that reached a handler, in order. */
  requests: SeenRequest[];
  unhandled: string[];
  /** The requests of one route. */
  of(route: RouteAddress): SeenRequest[];
  restore(): void;
}

export function mockServer(...handlers: Handler[]): MockServer {
  const original = globalThis.fetch;
  const server: MockServer = {
    requests: [],
    unhandled: [],
    of: (route) => server.requests.filter((r) => r.method === route.method && handlers.some((h) => h.route === route && h.pattern.test(r.path))),
    restore: () => {
      globalThis.fetch = original;
    },
  };
  globalThis.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'http://localhost');
    const method = (init?.method ?? 'GET').toUpperCase();
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    for (const handler of handlers) {
      const match = handler.route.method === method ? handler.pattern.exec(url.pathname) : null;
      if (!match) continue;
      const params = Object.fromEntries(handler.names.map((name, i) => [name, decodeURIComponent(match[i + 1]!)]));
      const request: SeenRequest = { method, path: url.pathname, query: url.searchParams, params, body };
      server.requests.push(request);
      const answer = await handler.answer(request);
      const payload = 'error' in answer ? answer.error : { data: answer.data };
      return new Response(JSON.stringify(payload), { status: answer.status ?? 200, headers: { 'Content-Type': 'application/json' } });
    }
    server.unhandled.push(`${method} ${url.pathname}`);
    return new Response(JSON.stringify({ code: 'NOT_FOUND', message: 'no handler' }), { status: 404, headers: { 'Content-Type': 'application/json' } });
  };
  return server;
}
