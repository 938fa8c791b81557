import type { FastifyInstance } from 'fastify';

/**
 * The operations of /api/openapi.json and values for their inputs, for the security suite
 * (generated inputs over every route, role/scope matrix over every route).
 */

export interface JsonSchema {
  type?: string | string[];
  format?: string;
  enum?: unknown[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  nullable?: boolean;
  minLength?: number;
  minimum?: number;
  maxItems?: number;
  minItems?: number;
  pattern?: string;
}

export interface Operation {
  /** 'POST /api/kitas/{id}' */
  key: string;
  method: string;
  path: string;
  pathParams: string[];
  query: Array<{ name: string; schema: JsonSchema }>;
  body: JsonSchema | null;
}

export async function listOperations(app: FastifyInstance): Promise<Operation[]> {
  const doc = (await app.inject({ url: '/api/openapi.json' })).json() as {
    paths: Record<string, Record<string, { parameters?: Array<{ in: string; name: string; schema: JsonSchema }>; requestBody?: { content?: Record<string, { schema: JsonSchema }> } }>>;
  };
  const ops: Operation[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const params = op.parameters ?? [];
      ops.push({
        key: `${method.toUpperCase()} ${path}`,
        method: method.toUpperCase(),
        path,
        pathParams: params.filter((p) => p.in === 'path').map((p) => p.name),
        query: params.filter((p) => p.in === 'query').map((p) => ({ name: p.name, schema: p.schema })),
        body: op.requestBody?.content?.['application/json']?.schema ?? null,
      });
    }
  }
  return ops;
}

/** Ids of real records, so generated requests also reach the handlers behind the lookups. */
export interface KnownIds {
  kitaId: string;
  categoryId: string;
  groupId: string;
  parentId: string;
  childId: string;
  eventId: string;
  userId: string;
}

/** The real id a parameter or field of that name (on that path) refers to. */
export function idFor(name: string, path: string, ids: KnownIds): string | undefined {
  const direct: Record<string, string> = {
    kitaId: ids.kitaId, categoryId: ids.categoryId, groupId: ids.groupId, parentId: ids.parentId,
    childId: ids.childId, eventId: ids.eventId, userId: ids.userId,
  };
  if (direct[name]) return direct[name];
  if (name !== 'id') return undefined;
  const prefix: Array<[RegExp, string]> = [
    [/^\/api\/kitas\//, ids.kitaId], [/^\/api\/categories\//, ids.categoryId], [/^\/api\/groups\//, ids.groupId],
    [/^\/api\/users\//, ids.userId], [/^\/api\/parents\//, ids.parentId], [/^\/api\/children\//, ids.childId],
    [/^\/api\/emergency-event\//, ids.eventId], [/^\/api\/auth\//, ids.parentId],
  ];
  return prefix.find(([re]) => re.test(path))?.[1];
}

let seq = 0;

/** A value that satisfies the schema where it can (so auth and scope checks are reached). */
export function exampleFromSchema(schema: JsonSchema, name: string, path: string, ids: KnownIds): unknown {
  const s = schema.anyOf?.find((x) => x.type !== 'null') ?? schema.oneOf?.[0] ?? schema;
  if (s.enum) return s.enum[0];
  const type = Array.isArray(s.type) ? s.type.find((x) => x !== 'null') : s.type;
  switch (type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(s.properties ?? {})) out[k] = exampleFromSchema(v, k, path, ids);
      return out;
    }
    case 'array':
      return s.items ? [exampleFromSchema(s.items, name.replace(/s$/, ''), path, ids)] : [];
    case 'integer':
    case 'number':
      return Math.max(1, s.minimum ?? 1);
    case 'boolean':
      return true;
    default: {
      const id = idFor(name, path, ids);
      if (id) return id;
      if (s.format === 'uuid') return ids.kitaId;
      if (s.format === 'date-time') return new Date(Date.now() + 3600_000).toISOString();
      if (/date/i.test(name)) return '2021-05-04';
      if (/email/i.test(name)) return `fuzz${++seq}-${Date.now()}@example.org`;
      if (/phone/i.test(name)) return '+4917012345678';
      if (/password/i.test(name)) return 'Lindenbaum-42';
      if (/^otp$/.test(name)) return '123456';
      if (/language/.test(name)) return 'de';
      if (/timezone/.test(name)) return 'Europe/Berlin';
      return `Test ${name}`;
    }
  }
}

/** The URL of an operation with these path values and query parameters. */
export function buildUrl(op: Operation, pathValues: Record<string, string>, query: Record<string, string> = {}): string {
  let url = op.path;
  for (const p of op.pathParams) url = url.replace(`{${p}}`, encodeLoosely(pathValues[p] ?? ''));
  const q = Object.entries(query).map(([k, v]) => `${encodeLoosely(k)}=${encodeLoosely(v)}`);
  return q.length ? `${url}?${q.join('&')}` : url;
}

/** encodeURIComponent, but a lone surrogate is sent as its (invalid) UTF-8 bytes instead of throwing. */
function encodeLoosely(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return [...value].map((ch) => {
      try {
        return encodeURIComponent(ch);
      } catch {
        return '%ED%A0%80';
      }
    }).join('');
  }
}
