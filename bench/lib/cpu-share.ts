/**
 * Who used the machine's cores during a measured phase (the load generator, the app and PostgreSQL
 * share 2 cores with whatever else runs). Read from the kernel's own accounting: utime + stime of
 * /proc/<pid>/stat for each named process group and for every PostgreSQL backend connected to the
 * benchmark's database (pids from pg_stat_activity, polled, so short-lived backends such as
 * pgbench's are caught while they run), and the machine's total busy time from /proc/stat. Shares
 * are of the machine's capacity over the phase (wall time × cores): `other` is everything busy that
 * is none of ours (other users of the machine), `idle` what was left unused. Linux only; elsewhere
 * every share is NaN.
 */
import { existsSync, readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import pg from 'pg';

const POLL_MS = 250;
/** USER_HZ, the unit of /proc's CPU times (100 on Linux for x86 and arm alike). */
const TICKS_PER_SECOND = 100;

export interface CpuShares {
  wallS: number;
  cores: number;
  /** Per named group, then `postgres`, `other` and `idle`: shares of wall time × cores (sum ≈ 1). */
  shares: Record<string, number>;
  /** CPU milliseconds per named group and `postgres` over the phase (divide by requests for a per-request cost that load hardly changes). */
  cpuMs: Record<string, number>;
  loadAverage1m: number;
}

function pidTicks(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may contain spaces): state is field 3, utime 14, stime 15.
    const rest = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(rest[11]) + Number(rest[12]);
  } catch {
    return null;
  }
}

function machineTicks(): { busy: number; total: number } {
  const line = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
  const total = line.reduce((s, v) => s + v, 0);
  const idle = (line[3] ?? 0) + (line[4] ?? 0);
  return { busy: total - idle, total };
}

/** Cumulative ticks per pid: the first reading (baseline) and the latest. */
class PidSet {
  private readonly seen = new Map<number, { first: number; last: number }>();
  constructor(private readonly existedAtStart: boolean) {}
  read(pid: number, atStart: boolean) {
    const t = pidTicks(pid);
    if (t === null) return;
    const s = this.seen.get(pid);
    // A process first seen after the start began during the phase: it counts from zero.
    if (!s) this.seen.set(pid, { first: atStart || this.existedAtStart ? t : 0, last: t });
    else s.last = t;
  }
  ticks() {
    let sum = 0;
    for (const s of this.seen.values()) sum += s.last - s.first;
    return sum;
  }
}

/**
 * Starts measuring. `groups` name process groups by a function returning their pids (asked at every
 * poll, so a child started later is counted); `database` is the benchmark database's name, whose
 * backends count as `postgres`.
 */
export async function startCpuMeter(serverUrl: string, database: string, groups: Record<string, () => Array<number | undefined>>) {
  const linux = existsSync('/proc/stat');
  const monitor = new pg.Client({ connectionString: serverUrl });
  await monitor.connect();
  const ownPid = Number((await monitor.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]!.pid);
  const sets = Object.fromEntries(Object.keys(groups).map((k) => [k, new PidSet(true)])) as Record<string, PidSet>;
  const backends = new PidSet(false);
  let polling: Promise<void> | null = null;
  const poll = async (atStart: boolean) => {
    if (!linux) return;
    for (const [k, pids] of Object.entries(groups)) for (const pid of pids()) if (pid) sets[k]!.read(pid, atStart);
    const r = await monitor.query<{ pid: number }>('select pid from pg_stat_activity where datname = $1 and pid <> $2', [database, ownPid]);
    for (const row of r.rows) backends.read(Number(row.pid), atStart);
  };
  await poll(true);
  const machineStart = linux ? machineTicks() : { busy: 0, total: 0 };
  const start = performance.now();
  const timer = setInterval(() => {
    polling ??= poll(false).finally(() => (polling = null));
  }, POLL_MS);
  return {
    async stop(): Promise<CpuShares> {
      clearInterval(timer);
      await polling;
      await poll(false);
      const wallS = (performance.now() - start) / 1000;
      const machine = linux ? machineTicks() : { busy: 0, total: 0 };
      await monitor.end();
      const cores = cpus().length;
      const capacity = linux ? machine.total - machineStart.total : NaN;
      const share = (ticks: number) => Math.round((ticks / capacity) * 100) / 100;
      const shares: Record<string, number> = {};
      const cpuMs: Record<string, number> = {};
      const tickMs = 1000 / TICKS_PER_SECOND;
      let ours = 0;
      for (const [k, set] of [...Object.entries(sets), ['postgres', backends] as const]) {
        shares[k] = share(set.ticks());
        cpuMs[k] = set.ticks() * tickMs;
        ours += set.ticks();
      }
      const busy = machine.busy - machineStart.busy;
      shares.other = share(Math.max(0, busy - ours));
      shares.idle = share(capacity - busy);
      return { wallS: Math.round(wallS * 10) / 10, cores, shares, cpuMs, loadAverage1m: Math.round(loadavg()[0]! * 100) / 100 };
    },
  };
}

/** CPU milliseconds per request of each group (app, postgres, generator): what one request costs whoever runs it. */
export function cpuMsPer(c: CpuShares, requests: number): Record<string, number> {
  return Object.fromEntries(Object.entries(c.cpuMs).map(([k, ms]) => [k, Math.round((ms / Math.max(1, requests)) * 100) / 100]));
}

/** `app 0.41, postgres 0.30, generator 0.22, other 0.05, idle 0.02 of 2 cores (load 3.1)` */
export function describeCpu(c: CpuShares): string {
  const parts = Object.entries(c.shares).map(([k, v]) => `${k} ${v.toFixed(2)}`);
  return `CPU ${parts.join(', ')} of ${c.cores} cores over ${c.wallS} s (load ${c.loadAverage1m})`;
}
