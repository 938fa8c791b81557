import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './processes.js';

/**
 * A throw-away PostgreSQL 15 cluster in a temp folder on a free port, for tests that stop and
 * start the database server (never the shared one on 5432). initdb refuses to run as root, so
 * under root the cluster belongs to the `postgres` system user.
 */
export const PG_BIN = ['/usr/lib/postgresql/15/bin', '/usr/lib/postgresql/16/bin', '/usr/lib/postgresql/17/bin'].find((d) => existsSync(path.join(d, 'initdb')));

export class ThrowAwayCluster {
  private constructor(
    readonly dir: string,
    readonly port: number,
    private readonly asUser: string | null,
  ) {}

  get url(): string {
    return `postgres://postgres@127.0.0.1:${this.port}/postgres`;
  }

  static async create(): Promise<ThrowAwayCluster> {
    if (!PG_BIN) throw new Error('PostgreSQL server binaries not found under /usr/lib/postgresql/*/bin');
    const root = process.getuid?.() === 0;
    const dir = mkdtempSync(path.join(os.tmpdir(), 'kita-pg-'));
    chmodSync(dir, 0o777);
    const cluster = new ThrowAwayCluster(dir, await freePort(), root ? 'postgres' : null);
    if (root) execFileSync('chown', ['postgres', dir]);
    cluster.run('initdb', ['-D', path.join(dir, 'data'), '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync']);
    cluster.start();
    return cluster;
  }

  private run(bin: string, args: string[]): void {
    const cmd = path.join(PG_BIN!, bin);
    const r = this.asUser ? spawnSync('runuser', ['-u', this.asUser, '--', cmd, ...args], { encoding: 'utf8' }) : spawnSync(cmd, args, { encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`${bin} failed: ${r.stderr || r.stdout}`);
  }

  start(): void {
    this.run('pg_ctl', [
      '-D', path.join(this.dir, 'data'), '-l', path.join(this.dir, 'log'), '-w', '-t', '30',
      '-o', `-p ${this.port} -k ${this.dir} -c listen_addresses=127.0.0.1 -c max_connections=50`,
      'start',
    ]);
  }

  /** `immediate` is a crash as far as clients can tell (no goodbye on the connections). */
  stop(mode: 'fast' | 'immediate' = 'immediate'): void {
    this.run('pg_ctl', ['-D', path.join(this.dir, 'data'), '-m', mode, '-w', 'stop']);
  }

  destroy(): void {
    try {
      this.stop('immediate');
    } catch {
      // already stopped
    }
    rmSync(this.dir, { recursive: true, force: true });
  }
}
