import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorBodySchema } from '@kita/shared';
import { testAppWith, type TestContext } from '../../test/app.js';
import { createEventViaApi, inquiryToken, linkHeader } from '../../test/factories-events.js';
import { resultsWorld, type ResultsWorld } from '../../test/factories-results.js';
import { buildUrl, exampleFromSchema, idFor, listOperations, type JsonSchema, type KnownIds, type Operation } from '../../test/openapi-ops.js';

/**
 * Generated input over every route of /api/openapi.json: for each operation a few
 * hundred requests whose path parameters, query and JSON body mix valid values (real ids,
 * schema-conforming values) with hostile ones (NUL, lone surrogates, huge strings, wrong types,
 * broken JSON), sent as the different actors. Fails on any 5xx and on any error answer outside
 * the error shape. Time-bounded: every route gets at least 25 inputs, then up to FUZZ_RUNS
 * (default 200) within an equal share of FUZZ_SECONDS (default 40 s), so the suite stays under a
 * minute. FUZZ_SEED changes the inputs (default fixed, so a failure repeats).
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 200);
const BUDGET_MS = Number(process.env.FUZZ_SECONDS ?? 40) * 1000;
const SEED = Number(process.env.FUZZ_SEED ?? 9);
const MIN_RUNS = 25;

let t: TestContext;
let w: ResultsWorld;
let ids: KnownIds;
let ops: Operation[];
let actors: Record<string, Record<string, string>>;
beforeAll(async () => {
  ({ t, w } = await testAppWith(resultsWorld, { env: { NODE_ENV: 'development' } }));
  const eventId = await createEventViaApi(t, w.headers.manager, { kitaId: w.home.kita.id, categoryId: w.home.kindergarten.id, eventType: 'immediate' });
  ids = {
    kitaId: w.home.kita.id, categoryId: w.home.kindergarten.id, groupId: w.home.kgGroup.id, parentId: w.mail.parent.id,
    childId: w.kids.mailKid.id, eventId, userId: w.manager.id,
  };
  actors = {
    anonymous: {},
    admin: w.headers.admin,
    manager: w.headers.manager,
    parent: w.headers.mail,
    link: await linkHeader(t, await inquiryToken(t, eventId, w.mail.parent.id)),
  };
  ops = await listOperations(t.app);
}, 120_000);
afterAll(async () => t.close());

const hostileString = fc.oneof(
  fc.constantFrom(
    '', ' ', '\u0000', 'a\u0000b', '\uD800', '\uDFFF', 'x\uD83D', '%00', '%', '%E0%A4%A', '../../etc/passwd', "' OR 1=1 --",
    '<script>alert(1)</script>', '{{secret}}', '😀👨‍👩‍👧', 'Ünïcödé ß', '0', '-1', '1e309', 'NaN', 'null', 'true', '[]', '{}',
    '00000000-0000-0000-0000-000000000000', '2021-02-30', '9999-12-31T23:59:59Z', '+49', '+4917012345678', 'a@b', 'x'.repeat(5000),
  ),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ maxLength: 300 }),
  fc.uuid(),
);

const anyValue: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    hostileString,
    fc.integer(),
    fc.double(),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(fc.string({ maxLength: 10 }), tie('value'), { maxKeys: 4 }),
  ),
})).value;

/** A value for one field: mostly hostile, sometimes the valid example (to get past the first check). */
const fieldValue = (schema: JsonSchema, name: string, path: string) =>
  fc.oneof({ arbitrary: fc.constant(undefined), weight: 1 }, { arbitrary: fc.constant(null).map(() => exampleFromSchema(schema, name, path, ids)), weight: 3 }, { arbitrary: anyValue, weight: 3 });

function bodyArb(op: Operation): fc.Arbitrary<{ raw?: string; json?: unknown } | undefined> {
  if (!op.body) return fc.constant(undefined);
  const props = op.body.properties ?? {};
  const record = fc.record(Object.fromEntries(Object.entries(props).map(([k, s]) => [k, fieldValue(s, k, op.path)])), { requiredKeys: [] });
  return fc.oneof(
    { arbitrary: record.map((json) => ({ json })), weight: 6 },
    { arbitrary: fc.record({ extra: fc.dictionary(fc.string({ maxLength: 8 }), anyValue, { maxKeys: 3 }), base: record }).map(({ extra, base }) => ({ json: { ...extra, ...base } })), weight: 2 },
    { arbitrary: anyValue.map((json) => ({ json })), weight: 1 },
    { arbitrary: fc.constantFrom('{', '{"a":', 'null', '[1,2', '"\\ud800"', '{"kitaName":"\\u0000"}').map((raw) => ({ raw })), weight: 1 },
  );
}

function inputArb(op: Operation) {
  const pathValue = (p: string) => fc.oneof({ arbitrary: fc.constant(idFor(p, op.path, ids) ?? ids.kitaId), weight: 2 }, { arbitrary: hostileString, weight: 3 });
  return fc.record({
    actor: fc.constantFrom(...Object.keys(actors)),
    path: fc.record(Object.fromEntries(op.pathParams.map((p) => [p, pathValue(p)]))) as fc.Arbitrary<Record<string, string>>,
    query: fc.record(Object.fromEntries(op.query.map((q) => [q.name, fc.oneof(fc.constant(idFor(q.name, op.path, ids) ?? '1'), hostileString)])), { requiredKeys: [] }) as fc.Arbitrary<Record<string, string>>,
    extraQuery: fc.option(fc.tuple(hostileString, hostileString), { nil: undefined }),
    body: bodyArb(op),
    language: fc.constantFrom('de', 'en', 'xx', ''),
    /** Sent as is, not percent-encoded: broken escapes, NUL, an over-long segment. */
    raw: fc.option(fc.constantFrom('%E0%A4%A', '%', '%00', '%ZZ', '%ED%A0%80', 'a'.repeat(300), '..%2F..%2F'), { nil: undefined, freq: 4 }),
  });
}

describe('generated input over every route of the OpenAPI document', () => {
  it('never answers 5xx, and every error answer has the error shape', async () => {
    // Deletions last, so the other routes still find the real records.
    const sorted = [...ops].sort((a, b) => Number(a.method === 'DELETE') - Number(b.method === 'DELETE'));
    const perRouteMs = Math.max(200, Math.floor(BUDGET_MS / sorted.length));
    const problems: string[] = [];
    const counts: Record<string, number> = {};
    const started = Date.now();
    for (const op of sorted) {
      counts[op.key] = 0;
      const property = fc.asyncProperty(inputArb(op), async (input) => {
          counts[op.key]!++;
          const query = { ...input.query, ...(input.extraQuery ? { [input.extraQuery[0]]: input.extraQuery[1] } : {}) };
          let url = buildUrl(op, input.path, query);
          if (input.raw !== undefined) {
            url = op.pathParams.length
              ? buildUrl(op, { ...input.path, [op.pathParams[0]!]: 'RAW' }, query).replace('RAW', input.raw)
              : `${url}${url.includes('?') ? '&' : '?'}q=${input.raw}`;
          }
          const headers: Record<string, string> = { ...actors[input.actor], ...(input.language ? { 'accept-language': input.language } : {}) };
          let payload: string | undefined;
          if (input.body) {
            headers['content-type'] = 'application/json';
            payload = input.body.raw ?? JSON.stringify(input.body.json ?? null);
          }
          const res = await t.app.inject({ method: op.method as 'GET', url, headers, payload });
          const where = `${op.key} ${op.method} ${url.slice(0, 120)} ${payload?.slice(0, 200) ?? ''}`;
          if (res.statusCode >= 500) {
            problems.push(`${res.statusCode} ${where} -> ${res.body.slice(0, 200)}`);
            return false;
          }
          if (res.statusCode >= 400) {
            let body: unknown;
            try {
              body = JSON.parse(res.body);
            } catch {
              body = res.body;
            }
            // Exactly the docs/wire.md shape: no extra keys (Fastify's own adds "error"), our own codes.
            const shape = errorBodySchema.strict().safeParse(body);
            if (!shape.success || shape.data.statusCode !== res.statusCode || shape.data.code.startsWith('FST_')) {
              problems.push(`${res.statusCode} outside the error shape: ${where} -> ${res.body.slice(0, 200)}`);
              return false;
            }
          }
          return true;
        });
      // At least MIN_RUNS inputs per route whatever the machine's load, then up to RUNS within its time share.
      const routeStarted = Date.now();
      const ok = await fc.assert(property, { numRuns: MIN_RUNS, seed: SEED, endOnFailure: true }).then(() => true, () => false);
      const left = perRouteMs - (Date.now() - routeStarted);
      if (ok && RUNS > MIN_RUNS && left > 0) {
        await fc
          .assert(property, { numRuns: RUNS - MIN_RUNS, seed: SEED + 1, interruptAfterTimeLimit: left, markInterruptAsFailure: false, endOnFailure: true })
          .catch(() => undefined);
      }
    }
    const total = Object.values(counts).reduce((a, b) => a + b, 0);
    const min = Math.min(...Object.values(counts));
    console.log(`[openapi fuzz] ${ops.length} operations, ${total} generated requests (min ${min} per route) in ${Math.round((Date.now() - started) / 1000)} s, ${problems.length} problems`);
    expect(problems).toEqual([]);
    expect(min).toBeGreaterThanOrEqual(MIN_RUNS);
  }, 180_000);
});
