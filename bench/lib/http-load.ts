/**
 * The HTTP load generator (autocannon, in the benchmark's own process): `connections` keep-alive
 * connections, each sending its next request as soon as the last one was answered, for `seconds`
 * or until `amount` requests were sent (closed loop); with `rate`, requests arrive at that rate
 * whatever the answers' speed (open loop). `next(i)` builds request i (round robin over families).
 */
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import autocannon, { type RawRequest, type Result } from 'autocannon';

export interface Load {
  port: number;
  connections: number;
  seconds?: number;
  amount?: number;
  /** Open loop: requests per second over all connections (arrivals that do not wait for answers). */
  rate?: number;
  next: (i: number) => RawRequest;
  /** Called with request i's status and body (reading bodies costs the generator CPU: only when needed). */
  onResponse?: (i: number, status: number, body: string) => void;
}

export function hammer(load: Load): Promise<Result> {
  let n = 0;
  const { onResponse } = load;
  return autocannon({
    url: `http://127.0.0.1:${load.port}`,
    connections: load.connections,
    ...(load.amount ? { amount: load.amount } : { duration: load.seconds ?? 10 }),
    ...(load.rate ? { overallRate: load.rate } : {}),
    timeout: 30,
    requests: [
      {
        setupRequest: (req, context) => {
          const i = n++;
          context.i = i;
          return { ...req, ...load.next(i) };
        },
        ...(onResponse ? { onResponse: (status: number, body: string, context: Record<string, unknown>) => onResponse(context.i as number, status, body) } : {}),
      },
    ],
  });
}

/** The figures a report keeps of one autocannon run. */
export function summary(r: Result) {
  return { reqPerSec: Math.round(r.requests.average * 10) / 10, p50Ms: r.latency.p50, p99Ms: r.latency.p99, requests: r['2xx'] + r.non2xx, non2xx: r.non2xx, errors: r.errors };
}

/** One request's outcome as HttpClient measured it (status 0: no answer, the connection failed). */
export interface Timed {
  status: number;
  ms: number;
  body: string;
}

/**
 * A plain keep-alive client with up to `connections` sockets, for load whose next request depends
 * on the last answer (a family opens its link, then answers with the session it got): every
 * request's latency is kept, so percentiles are exact.
 */
export class HttpClient {
  private readonly agent: http.Agent;
  constructor(private readonly port: number, connections: number) {
    this.agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  }
  send(method: string, path: string, headers: Record<string, string>, body?: string): Promise<Timed> {
    const start = performance.now();
    return new Promise((resolve) => {
      const req = http.request({ host: '127.0.0.1', port: this.port, method, path, headers, agent: this.agent, timeout: 30_000 }, (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (text += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, ms: performance.now() - start, body: text }));
      });
      req.on('timeout', () => req.destroy(new Error('timeout')));
      req.on('error', (err) => resolve({ status: 0, ms: performance.now() - start, body: err.message }));
      req.end(body);
    });
  }
  close() {
    this.agent.destroy();
  }
}

/** The same figures as `summary` from HttpClient's outcomes (`seconds`: the phase's wall time). */
export function timedSummary(results: Timed[], seconds: number) {
  const ms = results.map((r) => r.ms).sort((a, b) => a - b);
  const at = (p: number) => (ms.length ? Math.round(ms[Math.min(ms.length - 1, Math.ceil((p / 100) * ms.length) - 1)]! * 10) / 10 : NaN);
  const failed = results.filter((r) => r.status === 0).length;
  return {
    reqPerSec: Math.round((results.length / Math.max(seconds, 0.001)) * 10) / 10,
    p50Ms: at(50),
    p99Ms: at(99),
    requests: results.length,
    non2xx: results.filter((r) => r.status !== 0 && (r.status < 200 || r.status > 299)).length,
    errors: failed,
    statuses: Object.fromEntries([...new Set(results.map((r) => r.status))].map((s) => [String(s), results.filter((r) => r.status === s).length])),
  };
}
