import type { EventReport, Language, ReportRow } from '@kita/shared';
import type { DbOrTx } from '../../db/client.js';
import type { AllocationReason } from '../allocation/allocate.js';
import type { EventRow } from '../events/queries.js';
import { toWireDates } from '../events/wire-dates.js';
import { describeOutcome } from '../allocation/reasons.js';
import { resultSummary } from './summary.js';
import { inquiryChildren } from '../events/inquiry-children.js';

/**
 * The report of one event (docs/domain.md "Reports"): the summary and one row per child, grouped by
 * group. After close the rows are the frozen allocation with the names and groups of the
 * inquiry's snapshot (event_children) and the balance the order was decided by, so no later edit
 * or deletion changes them; before close the snapshot's children with their answers.
 */
export async function buildReport(db: DbOrTx, e: EventRow, lang: Language, now: Date): Promise<EventReport> {
  const finished = e.status === 'finished';
  // Closed: the children the allocation was written for, with the answer and balance at close.
  // Open: the children still in the snapshot, with their answers and the ledger's balance now.
  const children = (await inquiryChildren(db, e.id, { present: !finished })).filter((x) => !finished || x.allocation);
  const rows: ReportRow[] = children.map((x) => {
    const a = finished ? x.allocation : null;
    return {
      childId: x.childId,
      childName: x.childName,
      parentId: x.parentId,
      parentName: x.parentName,
      groupId: x.groupId,
      groupName: x.groupName,
      credit: a ? a.creditBalance : x.ledgerBalance,
      preferenceType: finished ? (a?.preferenceType ?? null) : (x.answer?.preferenceType ?? null),
      hasSlot: a ? (a.hasSlot ? 'JA' : 'NEIN') : null,
      releasedAt: a?.releasedAt ? a.releasedAt.toISOString() : null,
      promotedAt: a?.promotedAt ? a.promotedAt.toISOString() : null,
      ...describeOutcome(
        a
          ? { rank: a.rank, waitlistPosition: a.waitlistPosition, reason: a.reason as AllocationReason, releasedAt: a.releasedAt, promotedAt: a.promotedAt }
          : null,
        lang,
        e.timezone,
      ),
    };
  });

  // Numeric: 'Gruppe 2' before 'Gruppe 10'.
  const collator = new Intl.Collator(lang === 'en' ? 'en' : 'de', { numeric: true });
  rows.sort(
    (a, b) =>
      collator.compare(a.groupName, b.groupName) ||
      a.groupId.localeCompare(b.groupId) ||
      (a.rank ?? Infinity) - (b.rank ?? Infinity) ||
      collator.compare(a.childName, b.childName) ||
      a.childId.localeCompare(b.childId),
  );
  const groups: EventReport['groups'] = [];
  for (const row of rows) {
    const last = groups.at(-1);
    if (last && last.groupId === row.groupId) last.rows.push(row);
    else groups.push({ groupId: row.groupId, groupName: row.groupName, rows: [row] });
  }

  return {
    event: {
      eventId: e.id,
      kitaId: e.kitaId,
      kitaName: e.kitaName,
      eventType: e.eventType,
      category: e.category,
      ...toWireDates({ careStartsAt: e.careStartsAt, careEndsAt: e.careEndsAt, answersCloseAt: e.answersCloseAt }),
      timezone: e.timezone,
      description: e.description,
    },
    summary: await resultSummary(db, e),
    groups,
    generatedAt: now.toISOString(),
  };
}
