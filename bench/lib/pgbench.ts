/**
 * pgbench (PostgreSQL's own load generator, in C) on a script of the statements the app sent: the
 * database-only ceiling the app's throughput is compared with. Runs asynchronously, so the CPU meter
 * keeps polling while it runs; its pid is reported for that meter.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export function findPgbench(): string {
  const onPath = spawnSync('sh', ['-c', 'command -v pgbench'], { encoding: 'utf8' }).stdout.trim();
  if (onPath) return onPath;
  const root = '/usr/lib/postgresql';
  for (const version of existsSync(root) ? readdirSync(root).sort().reverse() : []) {
    const candidate = join(root, version, 'bin', 'pgbench');
    if (existsSync(candidate)) return candidate;
  }
  throw new Error('pgbench not found: install postgresql-client (Debian) or put pgbench on the PATH');
}

export interface PgbenchRun {
  tps: number;
  /** Milliseconds per transaction (from pgbench's per-transaction log). */
  latencies: number[];
}

/** `connections` clients for `seconds` on `script`; `onStart` receives pgbench's pid. */
export async function runPgbench(url: string, script: string, seconds: number, connections: number, onStart?: (pid: number | undefined) => void): Promise<PgbenchRun> {
  const dir = mkdtempSync(join(tmpdir(), 'kita-pgbench-'));
  try {
    const file = join(dir, 'script.sql');
    writeFileSync(file, script);
    const u = new URL(url);
    const child = spawn(
      findPgbench(),
      ['-n', '-M', 'extended', '-c', String(connections), '-j', '2', '-T', String(seconds), '-f', file, '-l', `--log-prefix=${join(dir, 'log')}`,
        '-h', u.hostname, '-p', u.port || '5432', '-U', decodeURIComponent(u.username || 'postgres'), u.pathname.slice(1)],
      { env: { ...process.env, PGPASSWORD: decodeURIComponent(u.password) } },
    );
    onStart?.(child.pid);
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const status = await new Promise<number | null>((resolve) => child.once('close', resolve));
    if (status !== 0) throw new Error(`pgbench failed: ${stderr}`);
    const tps = Number(/tps = ([\d.]+) \(without initial connection time\)/.exec(stdout)?.[1] ?? NaN);
    const failed = Number(/number of failed transactions: (\d+)/.exec(stdout)?.[1] ?? 0);
    if (failed > 0) throw new Error(`pgbench: ${failed} failed transactions\n${stdout}`);
    // Per-transaction log lines: client_id transaction_no latency_us script_no epoch epoch_us
    const latencies = readdirSync(dir)
      .filter((f) => f.startsWith('log'))
      .flatMap((f) => readFileSync(join(dir, f), 'utf8').trim().split('\n'))
      .map((line) => Number(line.split(' ')[2]) / 1000)
      .filter((v) => Number.isFinite(v));
    return { tps, latencies };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
