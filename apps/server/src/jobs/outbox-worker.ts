import { eq, inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import { pushSubscriptions } from '../db/schema.js';
import { systemClock, type Clock } from '../lib/clock.js';
import { newToken, sha256 } from '../lib/crypto.js';
import { TTL } from '../modules/accounts/tokens.js';
import { recordSent } from '../modules/delivery/callbacks.js';
import type { MessageBudget } from '../notify/budget.js';
import { channelGate, pauseChannel, resumeChannel } from '../notify/channel-pause.js';
import { isFictionalRecipient } from '../notify/fictional.js';
import { createPushSender, PUSH_TTL_MAX_SECONDS, type PushResponse, type PushSender } from '../notify/push.js';
import { pushPayloadJson, pushTopic } from '../notify/push-payload.js';
import { withLegalLinks } from '../notify/legal-links.js';
import { rebaseLinks } from '../notify/public-url.js';
import { RESEAL_INTERVAL_MS, resealOutboxSecrets } from '../notify/rotation.js';
import { encryptSecret, openMessage, openSecret, outboxSecretKeys, type SecretKey } from '../notify/secrets.js';
import { AccountDeliveryError, devMailbox, PermanentDeliveryError, type Deliverable, type Transport } from '../notify/transport.js';
import { outboxFailedTotal } from '../ops/metrics.js';

export interface OutboxWorkerOptions {
  db: Db;
  log: FastifyBaseLogger;
  transports: { email: Transport; sms: Transport };
  /** While true, nothing is claimed (a newer release migrated the database, db/schema-version.ts). */
  paused?: () => boolean;
  /** Messages claimed per round. */
  batchSize?: number;
  /** Deliveries in flight at once. */
  concurrency?: number;
  pollMs?: number;
  /** First retry delay; doubles per attempt up to maxDelayMs. */
  retryBaseMs?: number;
  maxDelayMs?: number;
  maxAttempts?: number;
  /**
   * The lease of a claim: a claim not renewed for this long belongs to a dead worker and is taken
   * over. A live worker renews the lease of the messages it still holds every lockMs / 3, so a
   * slow batch is never taken over while a crashed worker's batch waits at most lockMs.
   */
  lockMs?: number;
  /**
   * Messages to fictional recipients (the demo data's `.example` addresses and drama numbers) stay
   * in the dev mailbox even when real transports are configured (development only).
   */
  keepFictional?: boolean;
  /** Opens the sealed link tokens and codes at send time (notify/secrets.ts). */
  secretKey: SecretKey;
  /**
   * Keys of JWT_SECRET_PREVIOUS (a rotation in progress): they still open what was sealed before
   * it; such secrets are sealed again with secretKey (notify/rotation.ts).
   */
  previousSecretKeys?: SecretKey[];
  /** The PUBLIC_URL links are sent with (notify/public-url.ts); unset = as written. */
  publicUrl?: string;
  /** Message cost budgets (notify/budget.ts): asked per claimed batch which messages may go now. */
  budget?: MessageBudget;
  /** The app clock: answer deadlines and channel-pause probes are judged by it. */
  clock?: Clock;
  /** Sends the 'push' lane (notify/push.ts); null or unset: push is off, push messages fail as `push_off`. */
  push?: PushSender | null;
}

/** The worker settings that come from configuration (OUTBOX_*). */
export const outboxOptions = (
  config: Pick<Config, 'OUTBOX_RETRY_BASE_MS' | 'OUTBOX_MAX_ATTEMPTS' | 'OUTBOX_LOCK_MS' | 'NODE_ENV' | 'jwtSecret' | 'publicUrl'> & Partial<Pick<Config, 'jwtSecretPrevious' | 'push'>>,
) => {
  const [secretKey, ...previousSecretKeys] = outboxSecretKeys(config);
  return {
    keepFictional: config.NODE_ENV === 'development',
    retryBaseMs: config.OUTBOX_RETRY_BASE_MS,
    maxAttempts: config.OUTBOX_MAX_ATTEMPTS,
    lockMs: config.OUTBOX_LOCK_MS,
    secretKey: secretKey!,
    previousSecretKeys,
    publicUrl: config.publicUrl,
    push: config.push ? createPushSender(config.push) : null,
  };
};

type Channel = 'email' | 'sms' | 'push';
const CHANNELS: Channel[] = ['email', 'sms', 'push'];

type Row = {
  id: string;
  idempotency_key: string;
  channel: Channel;
  recipient: string;
  language: string;
  subject: string | null;
  body_text: string;
  body_html: string | null;
  secret: string | null;
  public_url: string | null;
  attempts: number;
  kind: string;
  kita_id: string | null;
  sms_segments: number | null;
  budget_class: string | null;
  held_by: string | null;
  /** The answer deadline of an inquiry or reminder: the message is useless after it (null: no deadline). */
  expires_at: Date | string | null;
  /** 'immediate' | 'future' for a message of an inquiry (a push of an immediate inquiry is urgent). */
  event_type: string | null;
};

/**
 * Delivers outbox rows: claims due messages with FOR UPDATE SKIP LOCKED (so any number of
 * workers in any number of processes share the work), sends them, records the outcome, and
 * retries failures with exponential backoff. A claim whose worker died is taken over after lockMs.
 */
export class OutboxWorker {
  private running = false;
  private readonly wakers = new Set<() => void>();
  private loop: Promise<void> | null = null;
  private readonly o: Required<Omit<OutboxWorkerOptions, 'db' | 'log' | 'transports' | 'keepFictional' | 'secretKey' | 'paused' | 'previousSecretKeys' | 'publicUrl' | 'budget' | 'clock' | 'push'>>;
  private resealTimer: NodeJS.Timeout | null = null;

  constructor(private readonly opts: OutboxWorkerOptions) {
    this.o = {
      batchSize: opts.batchSize ?? 50,
      concurrency: opts.concurrency ?? 10,
      pollMs: opts.pollMs ?? 1000,
      retryBaseMs: opts.retryBaseMs ?? 5000,
      maxDelayMs: opts.maxDelayMs ?? 15 * 60_000,
      maxAttempts: opts.maxAttempts ?? 10,
      lockMs: opts.lockMs ?? 30_000,
    };
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    // One lane per channel: e-mails never wait behind SMS held back by the provider's rate limit,
    // and pushes never behind either.
    this.loop = Promise.all(CHANNELS.map((channel) => this.run(channel))).then(() => undefined);
    if (this.opts.previousSecretKeys?.length) this.resealRound();
  }

  /** During a JWT_SECRET rotation: re-seals queued secrets with the current key now and every 10 minutes. */
  private resealRound(): void {
    const { db, log, secretKey, previousSecretKeys = [] } = this.opts;
    void resealOutboxSecrets(db, secretKey, previousSecretKeys)
      .then((resealed) => {
        if (resealed > 0) log.info({ resealed }, 'queued messages re-sealed with the current JWT_SECRET');
      })
      .catch((err: unknown) => log.error({ err }, 're-sealing queued messages failed'))
      .finally(() => {
        if (this.running) this.resealTimer = setTimeout(() => this.resealRound(), RESEAL_INTERVAL_MS);
      });
  }

  /** Asks the worker to look for work now (after a commit that enqueued messages). */
  kick(): void {
    for (const wake of this.wakers) wake();
  }

  async stop(): Promise<void> {
    this.running = false;
    if (this.resealTimer) clearTimeout(this.resealTimer);
    this.kick();
    await this.loop;
  }

  /** One claim-and-deliver round; returns how many messages were handled. Used by tests. */
  async runOnce(channel?: Channel): Promise<number> {
    if (this.opts.paused?.()) return 0;
    if (!channel) {
      let handled = 0;
      for (const c of CHANNELS) handled += await this.runOnce(c);
      return handled;
    }
    // A channel paused by an account-level error sends nothing but its probe (notify/channel-pause.ts).
    // Push has no provider account to pause.
    const gate = channel === 'push' ? 'open' : await channelGate(this.opts.db, channel, this.now());
    if (gate === 'closed') {
      await this.expireWaiting(channel);
      return 0;
    }
    const rows = await this.withinBudget(await this.claim(channel, gate === 'probe' ? 1 : this.o.batchSize));
    if (rows.length === 0) return 0;
    const held = new Set(rows.map((r) => r.id));
    const renewal = setInterval(() => void this.renewLease(held), Math.max(250, Math.floor(this.o.lockMs / 3)));
    let next = 0;
    const round = { paused: false };
    const workers = Array.from({ length: Math.min(this.o.concurrency, rows.length) }, async () => {
      while (next < rows.length) {
        const row = rows[next++]!;
        await this.deliver(row, gate === 'probe', round);
        held.delete(row.id);
      }
    });
    try {
      await Promise.all(workers);
    } finally {
      clearInterval(renewal);
    }
    return rows.length;
  }

  /** Extends the lease of the claimed messages not finished yet (a failed renewal is only logged). */
  private async renewLease(held: Set<string>): Promise<void> {
    if (held.size === 0) return;
    const ids = [...held];
    try {
      await this.opts.db.execute(sql`
        update outbox_messages set locked_until = now() + (${this.o.lockMs} * interval '1 millisecond')
         where status = 'sending' and id in (${sql.join(ids.map((id) => sql`${id}`), sql`, `)})`);
    } catch (err) {
      this.opts.log.warn({ err, messages: ids.length }, 'outbox lease renewal failed');
    }
  }

  private async run(channel: Channel): Promise<void> {
    while (this.running) {
      let handled = 0;
      try {
        handled = await this.runOnce(channel);
      } catch (err) {
        this.opts.log.error({ err }, 'outbox round failed');
      }
      if (handled === 0 && this.running) {
        await new Promise<void>((resolve) => {
          const wake = () => {
            clearTimeout(timer);
            this.wakers.delete(wake);
            resolve();
          };
          const timer = setTimeout(wake, this.o.pollMs);
          this.wakers.add(wake);
        });
      }
    }
  }

  private now(): Date {
    return (this.opts.clock ?? systemClock).now();
  }

  /**
   * While a channel is paused, its inquiries and reminders whose answer deadline has passed are
   * not sent late: they fail as `not_sent_in_time` (the family shows as not reached).
   */
  private async expireWaiting(channel: Channel): Promise<void> {
    await this.opts.db.execute(sql`
      update outbox_messages m set status = 'failed', failure_reason = 'not_sent_in_time', locked_until = null, secret = null,
             last_error = 'not handed over before the answer deadline'
       where m.channel = ${channel} and m.status = 'pending' and m.kind in ('inquiry', 'reminder')
         and exists (select 1 from events e where e.id = m.event_id and e.answers_close_at <= ${this.now().toISOString()}::timestamptz)`);
  }

  private async claim(channel: Channel | undefined, limit: number): Promise<Row[]> {
    const result = await this.opts.db.execute<Row>(sql`
      update outbox_messages m
         set status = 'sending', attempts = m.attempts + 1,
             locked_until = now() + (${this.o.lockMs} * interval '1 millisecond')
       where m.id in (
         select id from outbox_messages
          where (status = 'pending' or (status = 'sending' and locked_until < now()))
            and next_attempt_at <= now()
            ${channel ? sql`and channel = ${channel}` : sql``}
          order by next_attempt_at
          limit ${limit}
          for update skip locked)
      returning m.id, m.idempotency_key, m.channel, m.recipient, m.language, m.subject, m.body_text, m.body_html, m.secret, m.public_url, m.attempts,
                m.kind, m.kita_id, m.sms_segments, m.budget_class, m.held_by,
                case when m.kind in ('inquiry', 'reminder')
                     then (select e.answers_close_at from events e where e.id = m.event_id) end as expires_at,
                (select e.event_type from events e where e.id = m.event_id) as event_type`);
    return result.rows;
  }

  /**
   * The budget hook (notify/budget.ts): claimed messages over a budget go back to pending, with
   * the claim's attempt given back, `held_by` naming the budget and the next try when its window
   * turns. Queued, never lost; the manager and the Admins read `held_by`.
   */
  private async withinBudget(rows: Row[]): Promise<Row[]> {
    // A push costs nothing: no budget holds it back.
    if (!this.opts.budget || rows.length === 0 || rows.every((r) => r.channel === 'push')) return rows;
    // A code that waited for the budget longer than it is valid is of no use: it is not sent
    // (failed, reason 'expired'); the family asks for a new one.
    const staleCodes = rows.filter((r) => r.held_by && r.kind === 'otp').map((r) => sql`${r.id}::uuid`);
    if (staleCodes.length > 0) {
      const expired = await this.opts.db.execute<{ id: string }>(sql`
        update outbox_messages set status = 'failed', failure_reason = 'expired', locked_until = null, secret = null,
               last_error = 'the code expired while it waited for the message budget'
         where id in (${sql.join(staleCodes, sql`, `)}) and created_at < now() - (${TTL.otp} * interval '1 millisecond')
        returning id`);
      const gone = new Set(expired.rows.map((r) => r.id));
      rows = rows.filter((r) => !gone.has(r.id));
    }
    const { admitted, held } = await this.opts.budget.admit(rows);
    for (const h of held) {
      await this.opts.db.execute(sql`
        update outbox_messages set status = 'pending', attempts = greatest(attempts - 1, 0), locked_until = null,
               held_by = ${h.budget}, next_attempt_at = now() + (${h.retryMs} * interval '1 millisecond')
         where id = ${h.id}`);
    }
    const go = new Set(admitted);
    const wasHeld = rows.filter((r) => go.has(r.id)).map((r) => sql`${r.id}::uuid`);
    if (wasHeld.length > 0) {
      await this.opts.db.execute(sql`update outbox_messages set held_by = null where held_by is not null and id in (${sql.join(wasHeld, sql`, `)})`);
    }
    return rows.filter((r) => go.has(r.id));
  }

  private async deliver(row: Row, probe = false, round = { paused: false }): Promise<void> {
    // The channel paused during this round: the rest of the batch waits unsent (no attempt counted).
    if (round.paused) return releaseUnsent(this.opts.db, row);
    const now = this.now();
    const expiresAt = row.expires_at ? new Date(row.expires_at) : null;
    if (expiresAt && expiresAt <= now) {
      // Messages expire with their purpose: an inquiry not handed over before its answer deadline is not sent late.
      this.opts.log.warn({ messageId: row.id, channel: row.channel }, 'message not sent: its answer deadline has passed');
      await this.opts.db.execute(sql`
        update outbox_messages set status = 'failed', failure_reason = 'not_sent_in_time', locked_until = null, secret = null,
               last_error = 'not handed over before the answer deadline'
         where id = ${row.id}`);
      return;
    }
    if (row.channel === 'push') return this.deliverPush(row, expiresAt, now);
    const transport = this.opts.keepFictional && isFictionalRecipient(row.recipient) ? devMailbox : this.opts.transports[row.channel];
    // The link token or code goes back into the text only here, in memory, for the transport.
    // Current key first, then JWT_SECRET_PREVIOUS's; links start at this process's PUBLIC_URL.
    const keys = [this.opts.secretKey, ...(this.opts.previousSecretKeys ?? [])];
    const unsealed = row.secret ? openSecret(row.secret, keys) : null;
    const resealed = unsealed && unsealed.keyIndex > 0 ? encryptSecret(unsealed.plain, this.opts.secretKey) : null;
    const rebased = rebaseLinks(
      openMessage({ subject: row.subject, bodyText: row.body_text, bodyHtml: row.body_html, secret: row.secret }, keys),
      row.public_url,
      this.opts.publicUrl,
    );
    // Every e-mail carries the links to the legal pages (notify/legal-links.ts).
    const opened = this.opts.publicUrl ? withLegalLinks(rebased, row.channel, this.opts.publicUrl, row.language) : rebased;
    const message: Deliverable = {
      id: row.id,
      idempotencyKey: row.idempotency_key,
      channel: row.channel,
      recipient: row.recipient,
      subject: opened.subject ?? null,
      bodyText: opened.bodyText,
      bodyHtml: opened.bodyHtml ?? null,
      validForSeconds: expiresAt ? Math.max(1, Math.floor((expiresAt.getTime() - now.getTime()) / 1000)) : null,
    };
    // Once the message has left for a real transport, the sealed secret is of no further use: it
    // is blanked. The dev mailbox IS the recipient outside production, so it keeps it to show it.
    const keepSecret = transport.name === 'dev';
    try {
      if (row.secret && !unsealed) {
        throw new PermanentDeliveryError(
          'the link or code of this message cannot be decrypted (JWT_SECRET changed since it was written; set the old one as JWT_SECRET_PREVIOUS)',
        );
      }
      const { providerMessageId, delivery, note } = await transport.send(message);
      // Reports that arrived before this id was stored are applied right after it (callbacks.ts).
      await recordSent(this.opts.db, transport.name, providerMessageId, (db) =>
        db.execute(sql`
        update outbox_messages set status = 'sent', sent_at = now(), locked_until = null, last_error = ${note ?? null},
               transport = ${transport.name}, provider_message_id = ${providerMessageId},
               delivery_status = ${delivery?.status ?? null}, failure_reason = ${delivery?.reason ?? null},
               delivery_updated_at = ${delivery ? sql`now()` : null},
               secret = ${keepSecret ? (resealed ?? sql`secret`) : null}
         where id = ${row.id}`),
      );
      if (probe && (await resumeChannel(this.opts.db, row.channel))) {
        this.opts.log.warn({ channel: row.channel, transport: transport.name }, 'delivery channel resumed: a probe message was accepted');
      }
    } catch (err) {
      if (err instanceof AccountDeliveryError) {
        round.paused = true;
        return accountFailure(this.opts, row, transport.name, err);
      }
      const error = err instanceof Error ? err.message : String(err);
      const attempts = Number(row.attempts);
      const permanent = err instanceof PermanentDeliveryError;
      const failed = permanent || attempts >= this.o.maxAttempts;
      const delay = Math.min(this.o.maxDelayMs, this.o.retryBaseMs * 2 ** (attempts - 1));
      // The reason the manager reads on the event page (null while retries are still to come).
      const reason = permanent ? err.reason : failed ? 'too_many_attempts' : null;
      if (failed) outboxFailedTotal.inc({ channel: row.channel, reason: reason ?? 'unknown' });
      this.opts.log.warn(
        { messageId: row.id, channel: row.channel, attempts, failed, permanent, error: redactContacts(error) },
        'message delivery failed',
      );
      await this.opts.db.execute(sql`
        update outbox_messages set status = ${failed ? 'failed' : 'pending'}, locked_until = null,
               last_error = ${error.slice(0, 1000)}, transport = ${transport.name}, failure_reason = ${reason},
               secret = ${failed && !keepSecret ? null : (resealed ?? sql`secret`)},
               next_attempt_at = now() + (${delay} * interval '1 millisecond')
         where id = ${row.id}`);
    }
  }

  /**
   * The 'push' lane: one message to every subscription of the family (recipient = parent id),
   * encrypted per subscription by the push sender. A fresh random `ref` goes into the payload; its
   * hash is stored for POST push/opened. Sent when at least one push service accepted it (2xx;
   * those subscriptions get last_used_at); a 404/410 deletes that subscription; none left: failed
   * `push_expired`. 429, 5xx and no answer are tried again with the usual backoff; other refusals
   * (400, 403, 413) end the attempt for that subscription.
   */
  private async deliverPush(row: Row, expiresAt: Date | null, now: Date): Promise<void> {
    const { db } = this.opts;
    const fail = async (reason: string, error: string) => {
      outboxFailedTotal.inc({ channel: 'push', reason });
      await db.execute(sql`
        update outbox_messages set status = 'failed', failure_reason = ${reason}, locked_until = null, secret = null,
               transport = 'webpush', last_error = ${error.slice(0, 1000)}
         where id = ${row.id}`);
    };
    const sender = this.opts.push;
    if (!sender) return fail('push_off', 'push is switched off (PUSH=off)');
    const keys = [this.opts.secretKey, ...(this.opts.previousSecretKeys ?? [])];
    if (row.secret && !openSecret(row.secret, keys)) {
      return fail('rejected', 'the link of this message cannot be decrypted (JWT_SECRET changed since it was written; set the old one as JWT_SECRET_PREVIOUS)');
    }
    const opened = openMessage({ subject: row.subject, bodyText: row.body_text, bodyHtml: null, secret: row.secret }, keys);
    const subscriptions = await db
      .select({ id: pushSubscriptions.id, endpoint: pushSubscriptions.endpoint, p256dh: pushSubscriptions.p256dh, auth: pushSubscriptions.auth })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.parentId, row.recipient));
    if (subscriptions.length === 0) return fail('push_expired', 'the family has no push subscription (left)');
    const ref = newToken();
    let payload: string;
    let tag: string;
    try {
      const notification = JSON.parse(opened.bodyText) as { title: string; body: string; url: string; tag: string };
      tag = notification.tag;
      payload = pushPayloadJson(notification, ref);
    } catch (err) {
      return fail('rejected', `the push payload cannot be built: ${err instanceof Error ? err.message : String(err)}`);
    }
    const ttlSeconds = expiresAt ? Math.min(PUSH_TTL_MAX_SECONDS, Math.max(1, Math.floor((expiresAt.getTime() - now.getTime()) / 1000))) : PUSH_TTL_MAX_SECONDS;
    const urgency = (row.kind === 'inquiry' || row.kind === 'reminder') && row.event_type === 'immediate' ? 'high' : 'normal';
    const answers = await Promise.all(
      subscriptions.map((s) =>
        sender.send(s, payload, { ttlSeconds, urgency, topic: pushTopic(tag) }).catch(
          (err: unknown): PushResponse => ({ status: 0, location: null, text: err instanceof Error ? err.message : String(err) }),
        ),
      ),
    );
    const accepted = subscriptions.filter((_, i) => answers[i]!.status >= 200 && answers[i]!.status < 300);
    const gone = subscriptions.filter((_, i) => answers[i]!.status === 404 || answers[i]!.status === 410);
    const problems = answers
      .map((a, i) => ({ a, s: subscriptions[i]! }))
      .filter(({ a }) => a.status < 200 || a.status >= 300)
      .map(({ a }) => `${a.status || 'no answer'}${a.text ? ` ${a.text.replace(/\s+/g, ' ').slice(0, 120)}` : ''}`);
    if (gone.length > 0) await db.delete(pushSubscriptions).where(inArray(pushSubscriptions.id, gone.map((s) => s.id)));
    if (accepted.length > 0) {
      await db.update(pushSubscriptions).set({ lastUsedAt: now }).where(inArray(pushSubscriptions.id, accepted.map((s) => s.id)));
      const location = answers.find((a) => a.status >= 200 && a.status < 300)?.location ?? null;
      await db.execute(sql`
        update outbox_messages set status = 'sent', sent_at = now(), locked_until = null, transport = ${sender.name},
               provider_message_id = ${location ? location.slice(0, 500) : null}, ref_hash = ${sha256(ref)}, secret = null,
               last_error = ${problems.length ? `accepted by ${accepted.length} of ${subscriptions.length} devices; ${problems.join('; ')}`.slice(0, 1000) : null}
         where id = ${row.id}`);
      return;
    }
    if (gone.length === subscriptions.length) return fail('push_expired', `every subscription of the family is gone: ${problems.join('; ')}`);
    const attempts = Number(row.attempts);
    const retryable = answers.some(retryablePush);
    const failed = !retryable || attempts >= this.o.maxAttempts;
    this.opts.log.warn({ messageId: row.id, channel: 'push', attempts, failed, devices: subscriptions.length, error: problems.join('; ') }, 'push delivery failed');
    if (failed) return fail(retryable ? 'too_many_attempts' : 'rejected', problems.join('; '));
    const delay = Math.min(this.o.maxDelayMs, this.o.retryBaseMs * 2 ** (attempts - 1));
    await db.execute(sql`
      update outbox_messages set status = 'pending', locked_until = null, transport = ${sender.name}, last_error = ${problems.join('; ').slice(0, 1000)},
             next_attempt_at = now() + (${delay} * interval '1 millisecond')
       where id = ${row.id}`);
  }
}

/** The push answers that may succeed on a later attempt: too many requests, the push service's own trouble, no answer. */
const retryablePush = (r: PushResponse) => r.status === 0 || r.status === 429 || r.status >= 500;

/**
 * An account-level error: the message goes back to the queue untouched (the attempt does not
 * count, nothing is marked failed) and the channel pauses for everyone (notify/channel-pause.ts).
 */
async function releaseUnsent(db: Db, row: Row): Promise<void> {
  await db.execute(sql`
    update outbox_messages set status = 'pending', attempts = greatest(0, attempts - 1), locked_until = null, next_attempt_at = now()
     where id = ${row.id}`);
}

async function accountFailure(opts: OutboxWorkerOptions, row: Row, transport: string, err: AccountDeliveryError): Promise<void> {
  const now = (opts.clock ?? systemClock).now();
  await opts.db.execute(sql`
    update outbox_messages set status = 'pending', attempts = greatest(0, attempts - 1), locked_until = null,
           last_error = ${err.message.slice(0, 1000)}, failure_reason = null, next_attempt_at = now()
     where id = ${row.id}`);
  const alarm = await pauseChannel(opts.db, row.channel as 'email' | 'sms', transport, err, now);
  if (alarm) {
    opts.log.error(
      { channel: row.channel, transport, problem: err.problem, providerCode: err.providerCode, error: redactContacts(err.message) },
      'delivery channel paused: the provider refused the account, not the message; messages wait until a probe succeeds or an Admin resumes',
    );
  }
}

/**
 * Provider errors often quote the recipient; logs must not carry full phone numbers or e-mail
 * addresses (docs/quality.md). The outbox row keeps the full error for the manager's view.
 */
export function redactContacts(text: string): string {
  return text
    .replace(/[\w.+-]+@([\w-]+\.)+[\w-]+/g, (m) => `${m[0]}***@${m.split('@')[1]}`)
    .replace(/\+?\d[\d\s/-]{6,}(\d{2})\b/g, (_m, tail: string) => `***${tail}`);
}
