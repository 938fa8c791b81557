import { describe, expect, expectTypeOf, it } from 'vitest';
import type { z } from 'zod';
import type { KitaDetails, KitaInput } from '@kita/shared';
import type { DataOf, DefinitionOf, RequestOf } from '@kita/shared/api';
import { apiRoutes, fillPath } from '@kita/shared/api/routes';
import type { call as callType } from './api';

/**
 * The typed calls: a web call is checked against the route's shared contract. `npm run typecheck`
 * compiles this file, so each `@ts-expect-error` below fails the typecheck the day its call would
 * be accepted (a contract that stopped guarding the caller); the last group shows that a contract
 * change leaves a caller that does not follow it refused.
 */
declare const call: typeof callType;

// Never run: only compiled.
async function typeCases() {
  const kita = await call(apiRoutes.kitas.get, { params: { id: 'k-1' } });
  expectTypeOf(kita).toEqualTypeOf<KitaDetails>();
  expectTypeOf(await call(apiRoutes.kitas.list)).toEqualTypeOf<DataOf<DefinitionOf<typeof apiRoutes.kitas.list>>>();
  // @ts-expect-error the answer has no such field
  void kita.noSuchField;
  // @ts-expect-error a route with a path parameter needs it
  void call(apiRoutes.kitas.get);
  // @ts-expect-error the parameter is called id
  void call(apiRoutes.kitas.get, { params: { kitaId: 'k-1' } });
  // @ts-expect-error the list takes no body
  void call(apiRoutes.kitas.list, { body: { kitaName: 'x' } });
  // @ts-expect-error the body is the Kita input
  void call(apiRoutes.kitas.create, { body: { kitaName: 1 } });
  const input: KitaInput = { kitaName: 'Kita', location: 'Berlin' } as KitaInput;
  void call(apiRoutes.kitas.create, { body: input });
  // @ts-expect-error a query the route does not have
  void call(apiRoutes.kitas.list, { query: { kitaId: 'k-1' } });
  void call(apiRoutes.kitas.remove, { params: { id: 'k-1' }, query: { confirmName: 'Kita' } });

  // A contract whose path parameter was renamed: the caller written for the old one is refused.
  type Renamed = Omit<DefinitionOf<typeof apiRoutes.kitas.get>, 'params'> & { params: z.ZodObject<{ kitaId: z.ZodString }> };
  const followed: RequestOf<Renamed> = { params: { kitaId: 'k-1' } };
  // @ts-expect-error the old parameter name no longer fits
  const stale: RequestOf<Renamed> = { params: { id: 'k-1' } };
  return [followed, stale];
}

describe('typed calls', () => {
  it('compile against the route contracts (the cases above are checked by the typecheck)', () => {
    expectTypeOf(typeCases).toBeFunction();
  });

  it('fill the path parameters of a route, URI-encoded, and refuse a missing one', () => {
    expect(fillPath(apiRoutes.kitas.get.path, { id: 'a/b c' })).toBe('/kitas/a%2Fb%20c');
    expect(fillPath(apiRoutes.preferences.linkView.path, { eventId: 'e', parentId: 'p' })).toBe('/auth/e/parents/p');
    expect(() => fillPath(apiRoutes.kitas.get.path, {})).toThrow('missing path parameter "id"');
  });

  it('keep every address unique, below /api, with its parameters named', () => {
    const all = Object.values(apiRoutes).flatMap((area) => Object.values(area));
    const keys = all.map((r) => `${r.method} ${r.path}`);
    expect(new Set(keys).size).toBe(keys.length);
    for (const r of all) expect(r.path).toMatch(/^\/[a-z]/);
  });
});
