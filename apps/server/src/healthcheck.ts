import { readFileSync } from 'node:fs';

/**
 * The container image's HEALTHCHECK (`node apps/server/dist/healthcheck.js [app|worker]`): exits 0
 * when the process of this container is healthy. Without an argument it tells the worker from the
 * app by the container's main command (`/proc/1/cmdline` names worker.js), so a worker started
 * from the image as the Dockerfile says gets the worker's check instead of the app's HTTP check
 * (it inherited the app's check and was reported unhealthy).
 *   app:    GET http://127.0.0.1:$PORT/api/health/live
 *   worker: GET http://127.0.0.1:$WORKER_HEALTH_PORT/health (database reachable, delivery loop running)
 */
export function healthTarget(role: 'app' | 'worker', env: NodeJS.ProcessEnv): string | null {
  if (role === 'worker') return env.WORKER_HEALTH_PORT ? `http://127.0.0.1:${env.WORKER_HEALTH_PORT}/health` : null;
  return `http://127.0.0.1:${env.PORT || 3000}/api/health/live`;
}

export function roleOf(arg: string | undefined, mainCommand: string): 'app' | 'worker' {
  if (arg === 'app' || arg === 'worker') return arg;
  return /(^|[/\0 ])worker\.js(\0|$| )/.test(mainCommand) ? 'worker' : 'app';
}

async function main(): Promise<number> {
  let cmdline = '';
  try {
    cmdline = readFileSync('/proc/1/cmdline', 'utf8');
  } catch {
    // Not Linux or no /proc: the argument decides (app by default).
  }
  const role = roleOf(process.argv[2], cmdline);
  const url = healthTarget(role, process.env);
  if (!url) {
    console.error('healthcheck: the worker has no health endpoint (set WORKER_HEALTH_PORT)');
    return 1;
  }
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(2500) });
    return res.ok ? 0 : 1;
  } catch {
    return 1;
  }
}

if (process.argv[1]?.endsWith('healthcheck.js')) process.exit(await main());
