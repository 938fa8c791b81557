import { sql } from 'drizzle-orm';
import type { FailureReason } from '@kita/shared';
import type { Db, DbOrTx } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import { sevenOutcome, sevenReportReason } from '../../notify/seven.js';
import { firstValue, twilioOutcome, twilioStatusReason, type FormParams } from '../../notify/twilio.js';

/**
 * Provider status callbacks (delivery reports). Each is authenticated by the provider's signature
 * (notify/twilio.ts, notify/seven.ts) and then:
 * - applied once: the signature (Twilio) or nonce (seven.io) is recorded; the same report again
 *   (a provider's retry after our answer got lost, or a replay) is answered 200 and changes
 *   nothing. A 409 would be final for seven.io ("every other 4xx is final", docs.seven.io
 *   webhooks) although the report is genuine.
 * - never lost: a report for a provider id we have not stored yet (the report beat the answer of
 *   the send request, or our worker had not committed it) is kept in pending_delivery_reports and
 *   applied when the id is stored (recordSent). Both sides take the same transaction-scoped
 *   advisory lock on (provider, id), so one of them always sees the other's row.
 * A delivered or undelivered message never changes again.
 */
export const forgedCallback = () => new AppError(403, 'CALLBACK_SIGNATURE_INVALID');
export const replayedCallback = () => new AppError(409, 'CALLBACK_REPLAYED');
export const invalidCallbackBody = () => new AppError(400, 'CALLBACK_BODY_INVALID');

export interface DeliveryReport {
  provider: 'twilio' | 'seven';
  replayKey: string;
  providerMessageId: string;
  status: string;
  outcome: 'delivered' | 'undelivered' | null;
  reason: FailureReason | null;
}

export interface ApplyResult {
  /** A message changed (sent -> delivered/undelivered, or its provider status). */
  applied: boolean;
  /** The same report was received before: nothing changed. */
  duplicate?: boolean;
  /** No message with this provider id yet: the report is kept and applied when the id arrives. */
  kept?: boolean;
}

export const twilioReport = (params: FormParams, signature: string): DeliveryReport => {
  const status = firstValue(params, 'MessageStatus') ?? firstValue(params, 'SmsStatus') ?? '';
  const outcome = twilioOutcome(status);
  return {
    provider: 'twilio',
    replayKey: signature,
    providerMessageId: firstValue(params, 'MessageSid') ?? firstValue(params, 'SmsSid') ?? '',
    status,
    outcome,
    reason: outcome === 'undelivered' ? twilioStatusReason(status, firstValue(params, 'ErrorCode')) : null,
  };
};

export const sevenReport = (report: { msgId: string; status: string }, nonce: string): DeliveryReport => {
  const outcome = sevenOutcome(report.status);
  return {
    provider: 'seven',
    replayKey: nonce,
    providerMessageId: report.msgId,
    status: report.status,
    outcome,
    reason: outcome === 'undelivered' ? sevenReportReason(report.status) : null,
  };
};

/** Serialises a report and the storing of its provider id (see the module comment). */
async function lockProviderId(tx: DbOrTx, provider: string, providerMessageId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`${provider}:${providerMessageId}`}))`);
}

async function applyToMessage(
  tx: DbOrTx,
  r: Pick<DeliveryReport, 'provider' | 'providerMessageId' | 'status' | 'outcome' | 'reason'>,
): Promise<boolean> {
  const updated = await tx.execute(sql`
    update outbox_messages
       set provider_status = ${r.status},
           delivery_status = coalesce(${r.outcome}::text, delivery_status),
           failure_reason = case when ${r.outcome}::text = 'undelivered' then ${r.reason}::text else failure_reason end,
           delivery_updated_at = now()
     where transport = ${r.provider} and provider_message_id = ${r.providerMessageId}
       and status = 'sent' and delivery_status is null
    returning id`);
  return updated.rows.length > 0;
}

/** Records the callback and applies it (or keeps it for later); see the module comment. */
export async function applyDeliveryReport(db: Db, r: DeliveryReport): Promise<ApplyResult> {
  return db.transaction(async (tx) => {
    const seen = await tx.execute(sql`
      insert into delivery_callbacks (provider, replay_key, provider_message_id, status)
      values (${r.provider}, ${r.replayKey}, ${r.providerMessageId}, ${r.status})
      on conflict (provider, replay_key) do nothing returning id`);
    if (seen.rows.length === 0) return { applied: false, duplicate: true };
    if (!r.providerMessageId) return { applied: false };
    await lockProviderId(tx, r.provider, r.providerMessageId);
    const known = await tx.execute(sql`
      select 1 from outbox_messages where transport = ${r.provider} and provider_message_id = ${r.providerMessageId} limit 1`);
    if (known.rows.length === 0) {
      await tx.execute(sql`
        insert into pending_delivery_reports (provider, provider_message_id, status, outcome, failure_reason)
        values (${r.provider}, ${r.providerMessageId}, ${r.status}, ${r.outcome}, ${r.reason})
        on conflict (provider, provider_message_id, status) do nothing`);
      return { applied: false, kept: true };
    }
    return { applied: await applyToMessage(tx, r) };
  });
}

/**
 * The outbox worker's record of a handed-over message (jobs/outbox-worker.ts): `store` writes the
 * row (status sent, provider id); then, under the same lock as applyDeliveryReport, the reports
 * that arrived before the id are applied in the order they came and removed.
 */
export async function recordSent(
  db: Db,
  provider: string,
  providerMessageId: string | null,
  store: (tx: DbOrTx) => Promise<unknown>,
): Promise<number> {
  if (!providerMessageId) {
    await store(db);
    return 0;
  }
  return db.transaction(async (tx) => {
    await lockProviderId(tx, provider, providerMessageId);
    await store(tx);
    const pending = await tx.execute<{ id: number; status: string; outcome: 'delivered' | 'undelivered' | null; failure_reason: FailureReason | null }>(sql`
      delete from pending_delivery_reports where provider = ${provider} and provider_message_id = ${providerMessageId}
      returning id, status, outcome, failure_reason`);
    let applied = 0;
    for (const p of [...pending.rows].sort((a, b) => Number(a.id) - Number(b.id))) {
      if (await applyToMessage(tx, { provider: provider as DeliveryReport['provider'], providerMessageId, status: p.status, outcome: p.outcome, reason: p.failure_reason })) applied++;
    }
    return applied;
  });
}
