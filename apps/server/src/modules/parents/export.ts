import { asc, eq, sql } from 'drizzle-orm';
import type { FamilyExport } from '@kita/shared';
import type { DbOrTx } from '../../db/client.js';
import { pushSubscriptions } from '../../db/schema.js';
import { audit } from '../../lib/audit.js';
import type { RequestContext } from '../../lib/context.js';
import { loadParentInScope } from './service.js';

/**
 * "Meine Daten" (GDPR Art. 15 access, Art. 20 portability): everything stored about one family,
 * read in one transaction so the parts agree. Messages are listed by kind, channel, time and how
 * they fared, never with their text (which holds links) or their sealed codes. The download is
 * audited (who read whose data, when).
 */
export async function exportFamily(ctx: RequestContext, parentId: string): Promise<FamilyExport> {
  return ctx.db.transaction(async (tx) => {
    const p = await loadParentInScope(tx, ctx.actor, parentId);
    const data = await collectFamily(tx, parentId, ctx.clock.now());
    await audit(tx, ctx.actor, { action: 'export', entity: 'parent', entityId: parentId, kitaId: p.kitaId, details: { by: ctx.actor.role } });
    return data;
  });
}

const iso = (d: Date | string | null | undefined): string | null => (d === null || d === undefined ? null : new Date(d).toISOString());
const isoOr = (d: Date | string): string => new Date(d).toISOString();

export async function collectFamily(db: DbOrTx, parentId: string, now: Date): Promise<FamilyExport> {
  const profile = (
    await db.execute<{
      id: string; name: string; email: string | null; secondary_email: string | null; primary_phone: string | null; secondary_phone: string | null;
      preferred_communication: string | null; language: string; status: string; is_active: boolean; is_anonymous: boolean;
      email_verified: boolean; secondary_email_verified: boolean; primary_phone_verified: boolean; secondary_phone_verified: boolean;
      created_at: string; updated_at: string; kita_id: string; kita_name: string; kita_location: string;
    }>(sql`
      select p.*, k.id as kita_id, k.name as kita_name, k.location as kita_location
        from parents p join kitas k on k.id = p.kita_id where p.id = ${parentId}`)
  ).rows[0]!;

  const kids = await db.execute<{ id: string; name: string; date_of_birth: string; group_name: string; category: string; created_at: string }>(sql`
    select c.id, c.name, c.date_of_birth::text as date_of_birth, g.name as group_name, cat.name as category, c.created_at
      from children c join groups g on g.id = c.group_id join categories cat on cat.id = g.category_id
     where c.parent_id = ${parentId} order by c.created_at, c.id`);

  const inquiryRows = await db.execute<{
    event_id: string; status: string; care_starts_at: string; care_ends_at: string; answers_close_at: string; category: string;
    child_id: string; child_name: string; group_name: string; joined_at: string; join_reason: string; left_at: string | null; leave_reason: string | null;
    answer: string | null; answered_at: string | null; recorded_by: string | null;
    has_slot: boolean | null; rank: number | null; waitlist_position: number | null; credit_balance: number | null; reason: unknown;
    released_at: string | null; promoted_at: string | null; a_type: string | null;
  }>(sql`
    select e.id as event_id, e.status, e.care_starts_at, e.care_ends_at, e.answers_close_at, cat.name as category,
           ec.child_id, ec.child_name, ec.group_name, ec.joined_at, ec.join_reason, ec.left_at, ec.leave_reason,
           pr.preference_type as answer, pr.updated_at as answered_at, pr.recorded_by,
           a.has_slot, a.rank, a.waitlist_position, a.credit_balance, a.reason, a.released_at, a.promoted_at, a.preference_type as a_type
      from event_children ec
      join events e on e.id = ec.event_id
      join categories cat on cat.id = e.category_id
      left join preferences pr on pr.event_id = ec.event_id and pr.child_id = ec.child_id
      left join allocations a on a.event_id = ec.event_id and a.child_id = ec.child_id
     where ec.parent_id = ${parentId}
     order by e.care_starts_at desc, e.id, ec.child_name, ec.child_id`);
  const inquiries: FamilyExport['inquiries'] = [];
  for (const r of inquiryRows.rows) {
    let inq = inquiries[inquiries.length - 1];
    if (!inq || inq.eventId !== r.event_id) {
      inq = { eventId: r.event_id, status: r.status, careStartsAt: isoOr(r.care_starts_at), careEndsAt: isoOr(r.care_ends_at), answersCloseAt: isoOr(r.answers_close_at), category: r.category, children: [] };
      inquiries.push(inq);
    }
    inq.children.push({
      childId: r.child_id,
      childName: r.child_name,
      group: r.group_name,
      joinedAt: isoOr(r.joined_at),
      joinReason: r.join_reason,
      leftAt: iso(r.left_at),
      leaveReason: r.leave_reason,
      // After close the allocation keeps the answer it was decided on.
      answer: r.answer ?? r.a_type,
      answeredAt: iso(r.answered_at),
      answerRecordedByStaff: r.recorded_by !== null,
      place: r.has_slot,
      rank: r.rank,
      waitlistPosition: r.waitlist_position,
      creditBalanceAtClose: r.credit_balance,
      reason: r.reason ?? null,
      releasedAt: iso(r.released_at),
      promotedAt: iso(r.promoted_at),
    });
  }

  const ledger = await db.execute<{ created_at: string; amount: number; reason: string; event_id: string | null; child_id: string | null }>(sql`
    select created_at, amount, reason, event_id, child_id from credit_ledger where parent_id = ${parentId} order by created_at, id`);

  const messages = await db.execute<{
    kind: string; channel: string; recipient: string; created_at: string; sent_at: string | null; status: string;
    delivery_status: string | null; failure_reason: string | null; event_id: string | null;
  }>(sql`
    select m.kind, m.channel, m.recipient, m.created_at, m.sent_at, m.status, m.delivery_status, m.failure_reason, m.event_id
      from outbox_messages m
     where m.parent_id = ${parentId} or m.user_id in (select u.id from users u where u.parent_id = ${parentId})
     order by m.created_at, m.id`);

  const account = (
    await db.execute<{ email: string | null; phone_number: string | null; has_password: boolean; is_active: boolean; created_at: string; id: string }>(sql`
      select id, email, phone_number, password_hash is not null as has_password, is_active, created_at from users where parent_id = ${parentId}`)
  ).rows[0];
  const sessions = await db.execute<{ kind: string; created_at: string; expires_at: string; revoked_at: string | null }>(sql`
    select s.kind, s.created_at, s.expires_at, s.revoked_at from sessions s
     where s.parent_id = ${parentId} or s.user_id in (select u.id from users u where u.parent_id = ${parentId})
     order by s.created_at`);

  const childIds = kids.rows.map((k) => k.id);
  const history = await db.execute<{ created_at: string; action: string; entity: string; actor_role: string | null }>(sql`
    select created_at, action, entity, actor_role from audit_log
     where (entity = 'parent' and entity_id = ${parentId})
        or (entity = 'child' and entity_id in (select unnest(${`{${childIds.join(',')}}`}::text[])))
     order by id`);

  const erasures = await db.execute<{ requested_at: string; due_at: string; done_at: string | null }>(sql`
    select requested_at, due_at, done_at from erasure_requests where parent_id = ${parentId} order by requested_at`);

  const priority = await db.execute<{ group_name: string; child_id: string | null; child_name: string | null; valid_until: string; note: string | null; created_at: string; ended_at: string | null }>(sql`
    select g.name as group_name, c.child_id, ch.name as child_name, c.valid_until::text as valid_until, c.note, c.created_at, c.ended_at
      from priority_confirmations c
      join priority_groups g on g.id = c.group_id
      left join children ch on ch.id = c.child_id
     where c.parent_id = ${parentId}
     order by c.created_at, c.id`);

  const devices = await db
    .select({ label: pushSubscriptions.label, createdAt: pushSubscriptions.createdAt, lastUsedAt: pushSubscriptions.lastUsedAt })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.parentId, parentId))
    .orderBy(asc(pushSubscriptions.createdAt), asc(pushSubscriptions.id));

  return {
    format: 'kita-family-export/1',
    exportedAt: now.toISOString(),
    profile: {
      id: profile.id,
      name: profile.name,
      email: profile.email,
      secondaryEmail: profile.secondary_email,
      primaryPhone: profile.primary_phone,
      secondaryPhone: profile.secondary_phone,
      preferredCommunication: profile.preferred_communication,
      language: profile.language,
      status: profile.status,
      isActive: profile.is_active,
      isAnonymous: profile.is_anonymous,
      kita: { id: profile.kita_id, name: profile.kita_name, location: profile.kita_location },
      createdAt: isoOr(profile.created_at),
      updatedAt: isoOr(profile.updated_at),
    },
    children: kids.rows.map((k) => ({ id: k.id, name: k.name, dateOfBirth: k.date_of_birth, group: k.group_name, category: k.category, createdAt: isoOr(k.created_at) })),
    inquiries,
    credits: {
      balance: ledger.rows.reduce((s, l) => s + Number(l.amount), 0),
      ledger: ledger.rows.map((l) => ({ at: isoOr(l.created_at), amount: Number(l.amount), reason: l.reason, eventId: l.event_id, childId: l.child_id })),
    },
    messages: messages.rows.map((m) => ({
      kind: m.kind,
      channel: m.channel,
      recipient: m.recipient,
      createdAt: isoOr(m.created_at),
      sentAt: iso(m.sent_at),
      status: m.status,
      deliveryStatus: m.delivery_status,
      failureReason: m.failure_reason,
      eventId: m.event_id,
    })),
    consents: {
      preferredCommunication: profile.preferred_communication,
      language: profile.language,
      emailVerified: profile.email_verified,
      secondaryEmailVerified: profile.secondary_email_verified,
      primaryPhoneVerified: profile.primary_phone_verified,
      secondaryPhoneVerified: profile.secondary_phone_verified,
      selfRegistered: history.rows.some((h) => h.action === 'register'),
    },
    logins: {
      account: account
        ? { email: account.email, phoneNumber: account.phone_number, hasPassword: account.has_password, isActive: account.is_active, createdAt: isoOr(account.created_at) }
        : null,
      sessions: sessions.rows.map((s) => ({ kind: s.kind, createdAt: isoOr(s.created_at), expiresAt: isoOr(s.expires_at), revokedAt: iso(s.revoked_at) })),
    },
    recordHistory: history.rows.map((h) => ({ at: isoOr(h.created_at), action: h.action, entity: h.entity, actorRole: h.actor_role })),
    erasureRequests: erasures.rows.map((e) => ({ requestedAt: isoOr(e.requested_at), dueAt: isoOr(e.due_at), doneAt: iso(e.done_at) })),
    priority: priority.rows.map((c) => ({
      group: c.group_name,
      childId: c.child_id,
      childName: c.child_name,
      validUntil: c.valid_until,
      note: c.note,
      confirmedAt: isoOr(c.created_at),
      endedAt: iso(c.ended_at),
    })),
    devices: devices.map((d) => ({ label: d.label, createdAt: d.createdAt.toISOString(), lastUsedAt: d.lastUsedAt?.toISOString() ?? null })),
  };
}
