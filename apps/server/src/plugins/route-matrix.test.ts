import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testAppWith, type TestContext } from '../../test/app.js';
import { authHeader, createStaff } from '../../test/factories.js';
import { createEventViaApi, inquiryToken, linkHeader } from '../../test/factories-events.js';
import { resultsWorld, type ResultsWorld } from '../../test/factories-results.js';
import { buildUrl, exampleFromSchema, idFor, listOperations, type KnownIds, type Operation } from '../../test/openapi-ops.js';

/**
 * The role/scope matrix over EVERY route of /api/openapi.json. Each operation has a row
 * naming the actors that may use it on the resources of Kita A and family "Anna Mail"; a route
 * without a row fails this test, so no route ships without one. For every actor outside the row
 * the answer must not be a 2xx (401/403/404 or a refused input); for every actor in the row it
 * must not be 401/403. Never a 5xx. Requests carry valid inputs built from the OpenAPI schemas.
 */
type Actor = 'anonymous' | 'admin' | 'manager' | 'otherManager' | 'owner' | 'otherParent' | 'link';
const ALL: Actor[] = ['anonymous', 'admin', 'manager', 'otherManager', 'owner', 'otherParent', 'link'];
const PUBLIC = ALL;
const ADMIN: Actor[] = ['admin'];
const STAFF_A: Actor[] = ['admin', 'manager'];
const STAFF_ANY: Actor[] = ['admin', 'manager', 'otherManager'];
const STAFF_OR_OWNER: Actor[] = ['admin', 'manager', 'owner'];
const PARENT_OR_LINK: Actor[] = ['owner', 'link'];
const SESSIONS: Actor[] = ['admin', 'manager', 'otherManager', 'owner', 'otherParent'];

export const ROUTE_MATRIX: Record<string, Actor[]> = {
  'GET /api/health': PUBLIC,
  'GET /api/legal/{page}': PUBLIC,
  'POST /api/auth/login': PUBLIC,
  'GET /api/auth/me': SESSIONS,
  'POST /api/auth/logout': [...SESSIONS, 'link'],
  'POST /api/auth/login-with-email': PUBLIC,
  'POST /api/auth/login-with-phone': PUBLIC,
  'POST /api/auth/otp-login': PUBLIC,
  'POST /api/auth/activate-account': PUBLIC,
  // Anonymous callers get the same answer whatever the account (no enumeration).
  'POST /api/auth/{id}/re-activate-email': PUBLIC,
  'POST /api/auth/{id}/otp': PUBLIC,
  'POST /api/auth/verify-phone': PUBLIC,
  'POST /api/auth/forgot-password': PUBLIC,
  'POST /api/auth/reset-password': PUBLIC,
  // A link's page speaks its account's language; the code page shows how its SMS fared.
  'GET /api/auth/link-language': PUBLIC,
  'GET /api/auth/otp-status': PUBLIC,
  'PUT /api/auth/{parentId}/preferred-communication': ['owner'],
  'GET /api/auth/kita-groups/{kitaId}': PUBLIC,
  'POST /api/auth/register': PUBLIC,
  // GET /api/dev/messages exists only under NODE_ENV=development (not this test app's); who may
  // read it there is pinned by modules/dev/routes.test.ts.
  'GET /api/kitas': STAFF_ANY,
  'POST /api/kitas': ADMIN,
  'GET /api/kitas/{id}': STAFF_A,
  'PUT /api/kitas/{id}': STAFF_A,
  'DELETE /api/kitas/{id}': ADMIN,
  'GET /api/categories': STAFF_ANY,
  'POST /api/categories': STAFF_A,
  'GET /api/categories/kita/{kitaId}': STAFF_A,
  'GET /api/categories/{id}': STAFF_A,
  'PUT /api/categories/{id}': STAFF_A,
  'DELETE /api/categories/{id}': STAFF_A,
  'GET /api/groups': STAFF_ANY,
  'POST /api/groups': STAFF_A,
  'GET /api/groups/parent/{parentId}': STAFF_OR_OWNER,
  'GET /api/groups/kita/{kitaId}': STAFF_A,
  'GET /api/groups/{id}': STAFF_A,
  'PUT /api/groups/{id}': STAFF_A,
  'DELETE /api/groups/{id}': STAFF_A,
  'GET /api/users': STAFF_ANY,
  // A manager creates managers of their own Kita only (the body's kitaId is overridden).
  'POST /api/users': STAFF_ANY,
  'GET /api/users/{id}': STAFF_A,
  'PUT /api/users/{id}': STAFF_A,
  'DELETE /api/users/{id}': STAFF_A,
  'PUT /api/users/{id}/change-password': STAFF_A,
  'GET /api/parents': STAFF_ANY,
  'POST /api/parents': STAFF_A,
  'GET /api/parents/kita/{kitaId}': STAFF_A,
  // Lists what the caller's scope holds (another Kita's manager gets its own, without family A).
  'GET /api/parents/csv': STAFF_ANY,
  'GET /api/parents/kita/{kitaId}/registered': STAFF_A,
  'GET /api/parents/{id}': STAFF_OR_OWNER,
  'DELETE /api/parents/{id}': STAFF_A,
  'PUT /api/parents/{parentId}': STAFF_OR_OWNER,
  'POST /api/parents/{id}/approve': STAFF_A,
  'POST /api/parents/{id}/reject': STAFF_A,
  'GET /api/children': [...STAFF_ANY, 'owner', 'otherParent'],
  'POST /api/children': STAFF_A,
  'GET /api/children/kita/{kitaId}': STAFF_A,
  'GET /api/children/{id}': STAFF_OR_OWNER,
  'PUT /api/children/{id}': STAFF_A,
  'DELETE /api/children/{id}': STAFF_A,
  'GET /api/emergency-event': STAFF_ANY,
  'POST /api/emergency-event': STAFF_A,
  'GET /api/emergency-event/get-by-kita-id/{kitaId}': STAFF_A,
  'GET /api/emergency-event/{id}': STAFF_A,
  // The SMS an inquiry would cost, shown in the event form before it is sent.
  'GET /api/emergency-event/sms-estimate': STAFF_A,
  'PUT /api/emergency-event/{id}': STAFF_A,
  'DELETE /api/emergency-event/{id}': STAFF_A,
  'POST /api/emergency-event/{id}/preferences': STAFF_A,
  'POST /api/auth/verify-token': PUBLIC,
  'GET /api/auth/{eventId}/parents/{parentId}': PARENT_OR_LINK,
  'POST /api/preference': PARENT_OR_LINK,
  'POST /api/emergency-event/{id}/close': STAFF_A,
  'POST /api/emergency-event/{id}/release-slot': STAFF_A,
  'GET /api/emergency-event/{id}/report': STAFF_A,
  'GET /api/emergency-event/{id}/pdf': STAFF_A,
  'GET /api/emergency-event/{id}/csv': STAFF_A,
  'DELETE /api/parents/{id}/reset-credits': STAFF_A,
  'GET /api/parents/{id}/credits-distribution': STAFF_OR_OWNER,
  'GET /api/parents/{id}/children/preferences': STAFF_OR_OWNER,
  // The family's calendar file: the own session (staff in the Kita) or the calendar link's key.
  'GET /api/parents/{parentId}/calendar/{eventId}': STAFF_OR_OWNER,
  'GET /api/c/{key}': PUBLIC,
  'GET /api/kitas/{id}/delete-impact': ADMIN,
  'GET /api/parents/{id}/open-inquiries': ['owner'],
  'GET /api/emergency-event/{id}/delivery': STAFF_A,
  'POST /api/emergency-event/{id}/resend': STAFF_A,
  // Lists what the caller's scope holds (another Kita's manager gets an empty list).
  'GET /api/emergency-event/delivery-failures': STAFF_ANY,
  // Failed activation and reset mails of every Kita: the Admin's.
  'GET /api/account-mails/failed': ADMIN,
  'POST /api/account-mails/{id}/resend': ADMIN,
  // Budgets of the caller's scope: Admins all, a manager the own Kita's.
  'GET /api/message-budgets': STAFF_ANY,
  // A provider's account problem pauses a channel: every staff member sees the banner (a manager
  // the own Kita's waiting messages); only an Admin resumes or sends operator test messages.
  'GET /api/delivery/channel-pauses': STAFF_ANY,
  'POST /api/delivery/channel-pauses/{channel}/resume': ADMIN,
  'POST /api/admin/test-message': ADMIN,
  'GET /api/admin/test-messages': ADMIN,
  // Verified priority: the Kita's staff keep groups and confirmations; the family reads its own
  // confirmation (without the group); nobody else, not even a link holder, sees any of it.
  'GET /api/kitas/{kitaId}/priority-groups': STAFF_A,
  'PUT /api/kitas/{kitaId}/priority-groups': STAFF_A,
  'GET /api/kitas/{kitaId}/priority-confirmations': STAFF_A,
  'GET /api/parents/{parentId}/priority': STAFF_OR_OWNER,
  'POST /api/parents/{parentId}/priority': STAFF_A,
  'DELETE /api/parents/{parentId}/priority': STAFF_A,
  // "Meine Daten": the family itself or staff of its Kita (a link holder is no login: refused).
  'GET /api/parents/{id}/export': STAFF_OR_OWNER,
  // Only the family asks for its erasure; staff see it and carry it out.
  'POST /api/parents/{id}/erasure-request': ['owner'],
  'GET /api/parents/{id}/erasure-request': STAFF_OR_OWNER,
  'GET /api/erasure-requests': STAFF_ANY,
  'POST /api/erasure-requests/{id}/execute': STAFF_A,
  // The audit log of the caller's scope (another Kita's manager reads only their own Kita's rows).
  'GET /api/audit-log': STAFF_ANY,
  'GET /api/audit-log/actors': STAFF_ANY,
  'GET /api/audit-log/csv': STAFF_ANY,
  // Web push: the key is public; devices belong to the caller's own family (any parent login or a
  // link session; staff have none); "opened" carries the payload's random reference instead of a session.
  'GET /api/push/public-key': PUBLIC,
  'GET /api/push/subscriptions': ['owner', 'otherParent', 'link'],
  'POST /api/push/subscriptions': ['owner', 'otherParent', 'link'],
  'DELETE /api/push/subscriptions/{id}': ['owner', 'otherParent', 'link'],
  'POST /api/push/opened': PUBLIC,
  // Provider callbacks: no session, only the provider's signature, which no actor here has.
  'POST /api/delivery/twilio/status': [],
  'POST /api/delivery/seven/status': [],
};

let t: TestContext;
let w: ResultsWorld;
let ids: KnownIds;
let ops: Operation[];
let link: Record<string, string>;
let secondManagerId: string;
beforeAll(async () => {
  ({ t, w } = await testAppWith(resultsWorld));
  const eventId = await createEventViaApi(t, w.headers.manager, { kitaId: w.home.kita.id, categoryId: w.home.kindergarten.id, eventType: 'immediate' });
  // One link session (every use of a link continues it); logout runs after the other rows.
  link = await linkHeader(t, await inquiryToken(t, eventId, w.mail.parent.id));
  // users/{id} acts on a second manager of Kita A (nobody deletes themself).
  secondManagerId = (await createStaff(t.db, 'KitaManager', w.home.kita.id)).id;
  ids = {
    kitaId: w.home.kita.id, categoryId: w.home.kindergarten.id, groupId: w.home.kgGroup.id, parentId: w.mail.parent.id,
    childId: w.kids.mailKid.id, eventId, userId: secondManagerId,
  };
  ops = await listOperations(t.app);
}, 120_000);
afterAll(async () => t.close());

/** A fresh session per request: logout and password changes must not spoil later rows. */
async function headersOf(who: Actor): Promise<Record<string, string>> {
  // Once DELETE parents/{id} has removed the owner, their requests carry a dead session.
  return sessionOf(who).catch(() => ({ authorization: 'Bearer deleted-user' }));
}

async function sessionOf(who: Actor): Promise<Record<string, string>> {
  switch (who) {
    case 'anonymous': return {};
    case 'admin': return authHeader(t.app, w.admin.id);
    case 'manager': return authHeader(t.app, w.manager.id);
    case 'otherManager': return authHeader(t.app, w.otherManager.id);
    case 'owner': return authHeader(t.app, w.mail.user!.id);
    case 'otherParent': return authHeader(t.app, w.carla.user!.id);
    case 'link': return link;
  }
}

function request(op: Operation) {
  const pathValues = Object.fromEntries(op.pathParams.map((p) => [p, idFor(p, op.path, ids) ?? ids.kitaId]));
  const query = Object.fromEntries(op.query.filter((q) => idFor(q.name, op.path, ids)).map((q) => [q.name, idFor(q.name, op.path, ids)!]));
  const body = op.body ? exampleFromSchema(op.body, 'body', op.path, ids) : undefined;
  return { url: buildUrl(op, pathValues, query), body };
}

describe('role/scope matrix over every route of the OpenAPI document', () => {
  it('every operation has its matrix row, and every row an operation', () => {
    const keys = ops.map((o) => o.key);
    expect(keys.filter((k) => !(k in ROUTE_MATRIX)), 'operations without a matrix row').toEqual([]);
    expect(Object.keys(ROUTE_MATRIX).filter((k) => !keys.includes(k)), 'matrix rows without an operation').toEqual([]);
  });

  it('denied actors never get a 2xx, allowed actors never a 401/403, nobody a 5xx', async () => {
    // Logout after the other rows (it ends the link session), deletions last (the Kita's own last
    // of all), so every other row finds its resources.
    // (Removing a push device runs with the other rows: the link session must still be alive.)
    const last: Record<string, number> = {
      'POST /api/auth/logout': 1, 'DELETE /api/parents/{id}': 3, 'DELETE /api/kitas/{id}': 4, 'DELETE /api/push/subscriptions/{id}': 0,
    };
    const order = (o: Operation) => last[o.key] ?? (o.method === 'DELETE' ? 2 : 0);
    const sorted = [...ops].sort((a, b) => order(a) - order(b));
    const problems: string[] = [];
    let requests = 0;
    for (const op of sorted) {
      const allowed = ROUTE_MATRIX[op.key] ?? [];
      // Denied actors first, while the resource still exists.
      const actors = [...ALL.filter((a) => !allowed.includes(a)), ...ALL.filter((a) => allowed.includes(a))];
      for (const who of actors) {
        const { url, body } = request(op);
        const res = await t.app.inject({ method: op.method as 'GET', url, headers: await headersOf(who), ...(body !== undefined ? { payload: body as object } : {}) });
        requests++;
        const ok = res.statusCode >= 200 && res.statusCode < 300;
        if (res.statusCode >= 500) problems.push(`${op.key} as ${who}: ${res.statusCode} ${res.body.slice(0, 200)}`);
        else if (!allowed.includes(who) && ok) problems.push(`${op.key} as ${who}: ${res.statusCode} (denied actor got a 2xx)`);
        // (Public routes answer 401 for wrong credentials: only their 5xx and shape matter here.)
        else if (allowed !== PUBLIC && allowed.includes(who) && (res.statusCode === 401 || res.statusCode === 403)) problems.push(`${op.key} as ${who}: ${res.statusCode} ${res.json().code} (allowed actor refused)`);
      }
    }
    console.log(`[route matrix] ${ops.length} operations x ${ALL.length} actors = ${requests} requests, ${problems.length} problems`);
    expect(problems).toEqual([]);
  }, 300_000);
});
