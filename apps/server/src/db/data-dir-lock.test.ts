import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import os, { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loggerOptions } from '../ops/logging.js';
import { freePort } from '../../test/processes.js';
import { connectionLostLine, openDatabase } from './client.js';
import { LOCK_FILE, lockDataDir, lockHolder } from './data-dir-lock.js';

/**
 * One process per embedded database (a lock in DATA_DIR naming its holder,
 * stale locks of dead processes taken over), and start-up failures the operator fixes outside
 * the program as one line each (folder, port), with pid and hostname on every log line.
 */
const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

/** The real server as its own process until it exits (it is expected to refuse). */
function startServer(env: Record<string, string>) {
  const r = spawnSync(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: repo,
    encoding: 'utf8',
    timeout: 150_000,
    env: { PATH: process.env.PATH ?? '', NODE_ENV: 'test', HOST: '127.0.0.1', LOG_LEVEL: 'warn', WEB_DIST_DIR: '/nonexistent', ...env },
  });
  return { status: r.status, stderr: r.stderr, lines: r.stderr.trim().split('\n') };
}

/** The pid of a process that has ended. */
function deadPid(): number {
  const r = spawnSync(process.execPath, ['-e', 'console.log(process.pid)'], { encoding: 'utf8' });
  return Number(r.stdout.trim());
}

describe('the embedded database lock', () => {
  let dir: string;
  beforeAll(() => void (dir = mkdtempSync(path.join(tmpdir(), 'kita-lock-'))));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('a second server on the same DATA_DIR refuses with one line naming the holder\'s pid', async () => {
    const dataDir = path.join(dir, 'one');
    const held = await openDatabase({ dataDir, lockAs: 'app' });
    try {
      expect(lockHolder(dataDir)).toMatchObject({ pid: process.pid, hostname: os.hostname(), command: 'app' });
      const second = startServer({ DATABASE_URL: 'embedded', DATA_DIR: dataDir, PORT: String(await freePort()) });
      expect(second.status).toBe(1);
      expect(second.lines).toHaveLength(1);
      expect(second.lines[0]).toMatch(new RegExp(`^The embedded database in ${dataDir} is in use by process ${process.pid} \\(app\\) on ${os.hostname()} since `));
    } finally {
      await held.close();
    }
    // Released on close: the next process gets it.
    expect(existsSync(path.join(dataDir, LOCK_FILE))).toBe(false);
    const again = await openDatabase({ dataDir });
    await again.close();
  }, 200_000);

  it('takes over the stale lock of a process that no longer runs (killed, power cut)', async () => {
    const dataDir = path.join(dir, 'stale');
    const dead = { pid: deadPid(), hostname: os.hostname(), command: 'app', since: '2026-01-01T00:00:00.000Z' };
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(path.join(dataDir, LOCK_FILE), JSON.stringify(dead));
    const lock = lockDataDir(dataDir, 'app', new Date());
    try {
      expect(lock.tookOverFrom).toMatchObject({ pid: dead.pid });
      expect(lockHolder(dataDir)?.pid).toBe(process.pid);
    } finally {
      lock.release();
    }
    // A pid that runs again, but as another process (a different start time), is stale too.
    writeFileSync(path.join(dataDir, LOCK_FILE), JSON.stringify({ ...dead, pid: process.ppid, started: '1' }));
    const reused = lockDataDir(dataDir, 'app', new Date());
    expect(reused.tookOverFrom?.pid).toBe(process.ppid);
    reused.release();
    // The holder itself, alive: refused.
    writeFileSync(path.join(dataDir, LOCK_FILE), JSON.stringify({ ...dead, pid: process.ppid }));
    expect(() => lockDataDir(dataDir, 'migrate', new Date())).toThrow(`in use by process ${process.ppid} (app)`);
    rmSync(path.join(dataDir, LOCK_FILE));
  }, 60_000);

  it('a server whose DATA_DIR parent is missing stops with one line', async () => {
    const missing = path.join(dir, 'no-such-parent', 'data');
    const r = startServer({ DATABASE_URL: 'embedded', DATA_DIR: missing, PORT: String(await freePort()) });
    expect(r.status).toBe(1);
    expect(r.lines).toEqual([`Invalid configuration:`, `  DATA_DIR: ${missing} cannot be created: its parent folder ${path.dirname(missing)} does not exist`]);
    expect(r.stderr).not.toMatch(/\n\s+at /);
  }, 200_000);

  it('a server whose port is taken stops with one line', async () => {
    const port = await freePort();
    const blocker: Server = createServer();
    await new Promise<void>((r) => blocker.listen(port, '127.0.0.1', r));
    const dataDir = path.join(dir, 'port');
    try {
      const r = startServer({ DATABASE_URL: 'embedded', DATA_DIR: dataDir, PORT: String(port) });
      expect(r.status).toBe(1);
      expect(r.lines.at(-1)).toBe(`Port ${port} on 127.0.0.1 is in use by another process (stop it, or set PORT)`);
      expect(r.stderr).not.toMatch(/\n\s+at /);
      // The database it had opened is released again.
      expect(existsSync(path.join(dataDir, LOCK_FILE))).toBe(false);
    } finally {
      blocker.close();
    }
  }, 200_000);
});

describe('log lines', () => {
  it('carry pid and hostname in every process, also where a process adds its own fields (the worker)', () => {
    const lines: string[] = [];
    const sink = new Writable({ write: (chunk, _e, cb) => void (lines.push(String(chunk)), cb()) });
    for (const base of [undefined, { process: 'worker' }]) {
      pino(loggerOptions({ LOG_LEVEL: 'info', NODE_ENV: 'production' }, base), sink).info('hello');
    }
    expect(lines.map((l) => JSON.parse(l))).toEqual([
      expect.objectContaining({ pid: process.pid, hostname: os.hostname(), msg: 'hello' }),
      expect.objectContaining({ pid: process.pid, hostname: os.hostname(), process: 'worker', msg: 'hello' }),
    ]);
  });

  it('of the database pool carry them too', () => {
    expect(JSON.parse(connectionLostLine('idle', new Error('terminating connection due to administrator command')))).toMatchObject({
      level: 40, pid: process.pid, hostname: os.hostname(), msg: 'database connection lost (idle)',
    });
  });
});
