/**
 * The real app in its own process for bench/answer-path.ts (so the load generator does not share
 * its event loop): buildApp on the benchmark database, listening on an ephemeral port. Talks to
 * the parent over IPC: signs link-session tokens and records the SQL one request sends.
 */
import pg from 'pg';
import { buildApp } from '../../apps/server/src/app.js';
import { loadConfig } from '../../apps/server/src/config.js';
import { openDatabase } from '../../apps/server/src/db/client.js';
import { devMailbox } from '../../apps/server/src/notify/transport.js';

export type AppMessage =
  | { type: 'sign'; sessionIds: string[]; expiresAt: string }
  | { type: 'capture'; token: string; body?: unknown; method?: 'GET' | 'POST'; url?: string }
  | { type: 'stop' };
export type AppReply =
  | { type: 'ready'; port: number }
  | { type: 'signed'; tokens: string[] }
  | { type: 'captured'; status: number; queries: Array<{ text: string; values: unknown[] }> };

const send = (m: AppReply) => process.send!(m);

const config = loadConfig({ ...process.env, NODE_ENV: 'development', LOG_LEVEL: 'silent' });
const database = await openDatabase({ url: config.DATABASE_URL, poolSize: Number(process.env.BENCH_POOL_SIZE ?? 10) });
const app = await buildApp({ config, database, logger: false, serveWeb: false, transports: { email: devMailbox, sms: devMailbox } });
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
send({ type: 'ready', port: typeof address === 'object' && address ? address.port : 0 });

// Gone with the benchmark process, even when it was killed.
process.on('disconnect', () => process.exit(0));
process.on('message', async (m: AppMessage) => {
  if (m.type === 'sign') {
    const expiresAt = new Date(m.expiresAt);
    const tokens = await Promise.all(m.sessionIds.map((id) => app.signSession(id, 'link', expiresAt)));
    send({ type: 'signed', tokens });
  } else if (m.type === 'capture') {
    // Records every statement node-postgres sends while one answer is processed.
    const queries: Array<{ text: string; values: unknown[] }> = [];
    const original = pg.Client.prototype.query;
    // node-postgres' query() is heavily overloaded; the recorder only reads (text, values) and forwards everything.
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    (pg.Client.prototype as any).query = function (this: pg.Client, ...args: any[]) {
      const [first, second] = args;
      if (typeof first === 'string') queries.push({ text: first, values: Array.isArray(second) ? second : [] });
      else if (first && typeof first.text === 'string') queries.push({ text: first.text, values: first.values ?? second ?? [] });
      return (original as (...a: unknown[]) => unknown).apply(this, args);
    };
    const res = await app.inject({
      method: m.method ?? 'POST',
      url: m.url ?? '/api/preference',
      headers: { authorization: `Bearer ${m.token}`, ...(m.body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(m.body === undefined ? {} : { payload: JSON.stringify(m.body) }),
    });
    pg.Client.prototype.query = original;
    send({ type: 'captured', status: res.statusCode, queries });
  } else if (m.type === 'stop') {
    await app.close();
    await database.close();
    process.exit(0);
  }
});
