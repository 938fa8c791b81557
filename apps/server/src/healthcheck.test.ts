import { describe, expect, it } from 'vitest';
import { healthTarget, roleOf } from './healthcheck.js';

/** A worker started from the image inherited the app's HTTP check and was reported unhealthy. */
describe('the image health check', () => {
  it('checks the worker by its own endpoint when the container runs worker.js', () => {
    expect(roleOf(undefined, 'node\0apps/server/dist/worker.js\0')).toBe('worker');
    expect(roleOf(undefined, '/run/podman-init\0--\0node\0apps/server/dist/worker.js\0')).toBe('worker');
    expect(roleOf(undefined, 'node\0apps/server/dist/main.js\0')).toBe('app');
    expect(roleOf('worker', 'node\0apps/server/dist/main.js\0')).toBe('worker');
    expect(healthTarget('worker', { WORKER_HEALTH_PORT: '3002', PORT: '3000' })).toBe('http://127.0.0.1:3002/health');
    expect(healthTarget('worker', { PORT: '3000' })).toBeNull();
    expect(healthTarget('app', { PORT: '3100' })).toBe('http://127.0.0.1:3100/api/health/live');
  });
});
