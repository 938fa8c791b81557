import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testAppWith, type TestContext } from '../../../test/app.js';
import { inquiryToken, linkHeader, NOW } from '../../../test/factories-events.js';
import { closeViaApi, futureEvent, record, resultsWorld, type ResultsWorld } from '../../../test/factories-results.js';
import { allocations } from '../../db/schema.js';

/**
 * The role/scope matrix of every results route (docs/quality.md): Admin, manager of this Kita, manager
 * of another Kita, the parent owner, another parent, a link holder, anonymous. Outside the scope a
 * resource answers 404; a role that may never use the route gets 403; no session 401.
 */

let t: TestContext;
let w: ResultsWorld;
let eventId: string;
let link: Record<string, string>;
beforeAll(async () => {
  ({ t, w } = await testAppWith(resultsWorld, { now: NOW }));
  // A link session of Anna for an open event (link holders may only answer).
  const open = await futureEvent(t, w, 1);
  link = await linkHeader(t, await inquiryToken(t, open, w.mail.parent.id));
  eventId = await futureEvent(t, w, 3);
  await record(t, w, eventId, [
    [w.kids.mailKid.id, 'red'],
    [w.kids.ulla.id, 'red'],
    [w.kids.dani.id, 'red'],
  ]);
  await closeViaApi(t, w.headers.manager, eventId);
});
afterAll(async () => t.close());

type Who = 'admin' | 'manager' | 'otherManager' | 'owner' | 'otherParent' | 'link' | 'anonymous';
const headersOf = (who: Who): Record<string, string> =>
  ({
    admin: w.headers.admin,
    manager: w.headers.manager,
    otherManager: w.headers.otherManager,
    owner: w.headers.mail,
    // A parent of the same Kita: the tighter case (a parent of another Kita is tried on release too).
    otherParent: w.headers.carla,
    link,
    anonymous: {},
  })[who];

async function expectMatrix(
  request: (headers: Record<string, string>) => Promise<{ statusCode: number }>,
  expected: Record<Who, number>,
) {
  const got = {} as Record<Who, number>;
  for (const who of Object.keys(expected) as Who[]) got[who] = (await request(headersOf(who))).statusCode;
  expect(got).toEqual(expected);
}

const STAFF_ONLY = { admin: 200, manager: 200, otherManager: 404, owner: 403, otherParent: 403, link: 403, anonymous: 401 };
const PARENT_OR_STAFF = { admin: 200, manager: 200, otherManager: 404, owner: 200, otherParent: 404, link: 403, anonymous: 401 };

describe('results routes: role and scope matrix', () => {
  it('POST emergency-event/{id}/close', async () => {
    await expectMatrix((headers) => t.app.inject({ method: 'POST', url: `/api/emergency-event/${eventId}/close`, headers }), STAFF_ONLY);
  });

  it('GET emergency-event/{id}/report and /pdf', async () => {
    await expectMatrix((headers) => t.app.inject({ url: `/api/emergency-event/${eventId}/report`, headers }), STAFF_ONLY);
    await expectMatrix((headers) => t.app.inject({ url: `/api/emergency-event/${eventId}/pdf`, headers }), STAFF_ONLY);
    // The kitaId query must match the event's Kita.
    const wrongKita = await t.app.inject({ url: `/api/emergency-event/${eventId}/report?kitaId=${w.away.kita.id}`, headers: w.headers.admin });
    expect(wrongKita.statusCode).toBe(404);
  });

  it('GET parents/{id}/credits-distribution and children/preferences', async () => {
    const id = w.mail.parent.id;
    await expectMatrix((headers) => t.app.inject({ url: `/api/parents/${id}/credits-distribution`, headers }), PARENT_OR_STAFF);
    await expectMatrix((headers) => t.app.inject({ url: `/api/parents/${id}/children/preferences`, headers }), PARENT_OR_STAFF);
  });

  it('DELETE parents/{id}/reset-credits', async () => {
    await expectMatrix(
      (headers) => t.app.inject({ method: 'DELETE', url: `/api/parents/${w.mail.parent.id}/reset-credits`, headers }),
      STAFF_ONLY,
    );
  });

  it('POST emergency-event/{id}/release-slot', async () => {
    const rows = await t.db.select().from(allocations).where(eq(allocations.eventId, eventId));
    const slotOf = (childId: string) => {
      const a = rows.find((r) => r.childId === childId)!;
      expect(a.hasSlot).toBe(true);
      return { childId: a.childId, preferenceId: a.preferenceId, parentId: a.parentId };
    };
    const release = (headers: Record<string, string>, childId: string) =>
      t.app.inject({ method: 'POST', url: `/api/emergency-event/${eventId}/release-slot`, headers, payload: slotOf(childId) });
    // The refusals first, all on Mia's slot (owner: Anna), which must still be there afterwards.
    const refused = {
      otherManager: (await release(headersOf('otherManager'), w.kids.mailKid.id)).statusCode,
      otherParent: (await release(headersOf('otherParent'), w.kids.mailKid.id)).statusCode,
      foreignParent: (await release(w.headers.foreign, w.kids.mailKid.id)).statusCode,
      link: (await release(headersOf('link'), w.kids.mailKid.id)).statusCode,
      anonymous: (await release(headersOf('anonymous'), w.kids.mailKid.id)).statusCode,
    };
    expect(refused).toEqual({ otherManager: 404, otherParent: 404, foreignParent: 404, link: 403, anonymous: 401 });
    const allowed = {
      owner: (await release(headersOf('owner'), w.kids.mailKid.id)).statusCode,
      manager: (await release(headersOf('manager'), w.kids.ulla.id)).statusCode,
      admin: (await release(headersOf('admin'), w.kids.dani.id)).statusCode,
    };
    expect(allowed).toEqual({ owner: 200, manager: 200, admin: 200 });
  });
});
