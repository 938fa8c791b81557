/**
 * A benchmark's helper process (the app under load, the provider stand-ins): forked with tsx, so
 * the load generator never shares the measured process's event loop. The child answers IPC
 * messages in order; its first message is `ready`. It exits with the benchmark process (its
 * `disconnect` handler), even when that was killed.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export interface ChildHandle<Message, Reply> {
  child: ChildProcess;
  pid: number | undefined;
  /** The child's first message (`ready`, with its port or addresses). */
  ready: Promise<Reply>;
  /** Sends one message and resolves with the child's next reply. */
  ask(m: Message): Promise<Reply>;
  /** Sends `stop` and waits for the exit. */
  stop(): Promise<void>;
}

export function forkChild<Message extends { type: string }, Reply>(script: string, env: Record<string, string> = {}): ChildHandle<Message, Reply> {
  const profile = process.env.BENCH_CPU_PROF;
  const child = fork(join(dirname(fileURLToPath(import.meta.url)), script), [], {
    // BENCH_CPU_PROF=<folder>: a V8 CPU profile of the child (node --cpu-prof), written on exit.
    execArgv: ['--import', 'tsx', ...(profile ? ['--cpu-prof', `--cpu-prof-dir=${profile}`] : [])],
    env: { ...process.env, ...env },
  });
  const waiters: Array<(m: Reply) => void> = [];
  child.on('message', (m: Reply) => waiters.shift()?.(m));
  const next = () => new Promise<Reply>((resolve) => waiters.push(resolve));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    child,
    pid: child.pid,
    ready: next(),
    async ask(m) {
      const reply = next();
      child.send(m);
      return reply;
    },
    async stop() {
      if (child.exitCode === null && child.connected) child.send({ type: 'stop' });
      await exited;
    },
  };
}
