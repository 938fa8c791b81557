import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/**
 * The real server as its own process (`node --import tsx apps/server/src/main.ts`), for tests
 * that must see whether the process survives (exit code, crash output) rather than an in-process app.
 */
export class ServerProcess {
  exitCode: number | null = null;
  exited = false;
  output = '';

  private constructor(
    readonly child: ChildProcess,
    readonly baseUrl: string,
  ) {
    child.stdout!.on('data', (d: Buffer) => (this.output += d.toString()));
    child.stderr!.on('data', (d: Buffer) => (this.output += d.toString()));
    child.on('exit', (code) => {
      this.exited = true;
      this.exitCode = code;
    });
  }

  static async start(env: Record<string, string>, port: number): Promise<ServerProcess> {
    const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
      cwd: repoRoot,
      env: {
        PATH: process.env.PATH ?? '',
        NODE_ENV: 'test',
        HOST: '127.0.0.1',
        PORT: String(port),
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        JWT_SECRET: 'V3ry-r4nd0m-test-secret-for-the-server-process-9f8e7d',
        LOG_LEVEL: 'warn',
        WEB_DIST_DIR: '/nonexistent',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const server = new ServerProcess(child, `http://127.0.0.1:${port}`);
    const deadline = Date.now() + 60_000;
    while (Date.now() < deadline) {
      if (server.exited) throw new Error(`server exited during start-up (${server.exitCode}):\n${server.output}`);
      try {
        const res = await fetch(`${server.baseUrl}/api/health`);
        if (res.ok) return server;
      } catch {
        // not listening yet
      }
      await new Promise((r) => setTimeout(r, 200));
    }
    child.kill('SIGKILL');
    throw new Error(`server did not start within 60 s:\n${server.output}`);
  }

  async stop(): Promise<void> {
    if (this.exited) return;
    const done = new Promise((r) => this.child.once('exit', r));
    this.child.kill('SIGTERM');
    const timer = setTimeout(() => this.child.kill('SIGKILL'), 10_000);
    await done;
    clearTimeout(timer);
  }
}
