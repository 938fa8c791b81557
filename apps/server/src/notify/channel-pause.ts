import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.js';
import type { AccountDeliveryError, AccountProblem } from './transport.js';

/**
 * Account-level failures pause a channel for everyone: a wrong API key, a sender the
 * provider refuses, no credit, a trial account, a region not enabled. Failing each message would
 * mark a whole fan-out "failed" for a problem no family has; instead the row in channel_pauses
 * stops the worker's lane for that channel (messages stay pending, nothing is marked failed), the
 * banner shows the provider's reason to Admins and the managers of Kitas with waiting messages,
 * the metric kita_channel_paused and an error log line go out, and:
 * - a probe: at next_probe_at the worker sends one message; success deletes the row (sending
 *   resumes by itself), the same error moves next_probe_at on (1 min, doubling, at most 15 min);
 * - an Admin resumes by hand (deleting the row), e.g. right after fixing the key.
 * Safe on several processes: the probe is claimed with a conditional UPDATE.
 */

export type Channel = 'email' | 'sms';

export interface ChannelPause {
  channel: Channel;
  transport: string;
  problem: AccountProblem;
  providerCode: string;
  detail: string;
  pausedAt: Date;
  nextProbeAt: Date;
  probes: number;
}

export const PROBE_FIRST_MS = 60_000;
export const PROBE_MAX_MS = 15 * 60_000;
export const probeDelayMs = (probes: number) => Math.min(PROBE_MAX_MS, PROBE_FIRST_MS * 2 ** Math.max(0, probes));

type Row = {
  channel: Channel;
  transport: string;
  problem: AccountProblem;
  provider_code: string;
  detail: string;
  paused_at: Date | string;
  next_probe_at: Date | string;
  probes: number;
};
const toPause = (r: Row): ChannelPause => ({
  channel: r.channel,
  transport: r.transport,
  problem: r.problem,
  providerCode: r.provider_code,
  detail: r.detail,
  pausedAt: new Date(r.paused_at),
  nextProbeAt: new Date(r.next_probe_at),
  probes: Number(r.probes),
});

/**
 * Records the account-level error: pauses the channel (or, while paused, moves the next probe on).
 * Returns true when the channel was running until now (the moment to raise the alarm).
 */
export async function pauseChannel(db: DbOrTx, channel: Channel, transport: string, err: AccountDeliveryError, now: Date): Promise<boolean> {
  const r = await db.execute<{ inserted: boolean }>(sql`
    insert into channel_pauses (channel, transport, problem, provider_code, detail, paused_at, next_probe_at, probes)
    values (${channel}, ${transport}, ${err.problem}, ${err.providerCode}, ${err.message.slice(0, 500)}, ${now.toISOString()}::timestamptz,
            ${new Date(now.getTime() + probeDelayMs(0)).toISOString()}::timestamptz, 0)
    on conflict (channel) do update
       -- Already paused (a failed probe, or other messages of the same round): the newest answer is
       -- shown; the next probe time was set when the probe was claimed (channelGate).
       set problem = excluded.problem, provider_code = excluded.provider_code, detail = excluded.detail, transport = excluded.transport
    returning (xmax = 0) as inserted`);
  return Boolean(r.rows[0]?.inserted);
}

/**
 * May the worker send on this channel now? `open`: not paused; `closed`: paused, no probe due;
 * `probe`: paused, and this caller won the due probe (it sends one message).
 */
export async function channelGate(db: DbOrTx, channel: Channel, now: Date): Promise<'open' | 'closed' | 'probe'> {
  const r = await db.execute<{ next_probe_at: Date | string; probes: number }>(sql`select next_probe_at, probes from channel_pauses where channel = ${channel}`);
  const row = r.rows[0];
  if (!row) return 'open';
  if (new Date(row.next_probe_at) > now) return 'closed';
  // Until the probe answers, nobody else probes (the answer moves next_probe_at again or deletes the row).
  const claimed = await db.execute(sql`
    update channel_pauses set next_probe_at = ${new Date(now.getTime() + probeDelayMs(Number(row.probes) + 1)).toISOString()}::timestamptz, probes = probes + 1
     where channel = ${channel} and next_probe_at <= ${now.toISOString()}::timestamptz returning channel`);
  return claimed.rows.length > 0 ? 'probe' : 'closed';
}

/** Ends a pause (a probe got through, or an Admin resumed). Returns whether the channel was paused. */
export async function resumeChannel(db: DbOrTx, channel: Channel): Promise<boolean> {
  const r = await db.execute(sql`delete from channel_pauses where channel = ${channel} returning channel`);
  return r.rows.length > 0;
}

export async function listChannelPauses(db: DbOrTx): Promise<ChannelPause[]> {
  const r = await db.execute<Row>(sql`select * from channel_pauses order by channel`);
  return r.rows.map(toPause);
}
