import type { RouteDefinition } from '@kita/shared/api';

/** The key `From` of a definition as the schema key `To`, only where the definition has it. */
type Key<R, From extends string, To extends string> = R extends { readonly [K in From]: infer V } ? { [K in To]: V } : unknown;

type Schema<R extends RouteDefinition> = { tags: string[] } & Key<R, 'summary', 'summary'> & Key<R, 'params', 'params'> &
  Key<R, 'query', 'querystring'> & Key<R, 'body', 'body'> & Key<R, 'response', 'response'> & Key<R, 'produces', 'produces'>;

/**
 * The method, URL and OpenAPI schema of a shared route definition (packages/shared/src/api), for
 * `app.route({ ...serve(kitasApi.get), preHandler, handler })`: the route is registered exactly as
 * the web and the end-to-end helpers call it, and the handler's request and answer are typed from
 * the same zod schemas. Keys the definition leaves out stay out of the schema.
 */
export function serve<const R extends RouteDefinition>(route: R): { method: R['method']; url: R['path']; schema: Schema<R> } {
  const schema: Record<string, unknown> = { tags: [...route.tags] };
  if (route.summary !== undefined) schema.summary = route.summary;
  if (route.params) schema.params = route.params;
  if (route.query) schema.querystring = route.query;
  if (route.body) schema.body = route.body;
  if (route.response) schema.response = route.response;
  if (route.produces) schema.produces = [...route.produces];
  return { method: route.method, url: route.path, schema: schema as Schema<R> };
}
