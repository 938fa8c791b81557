/**
 * The app for bench/strike-morning.ts in its own process, as in production: API, inline outbox
 * worker and the periodic jobs (the close job), on the benchmark database, with the real SMTP and
 * Twilio transports pointed at the local stand-ins. IPC: signs login sessions for the managers.
 */
import { buildApp } from '../../apps/server/src/app.js';
import { loadConfig } from '../../apps/server/src/config.js';
import { openDatabase } from '../../apps/server/src/db/client.js';
import { startJobs } from '../../apps/server/src/jobs/runner.js';
import { createTransports, closeTransports } from '../../apps/server/src/notify/transports.js';
import { createUserSession } from '../../apps/server/src/plugins/auth.js';

export type StrikeAppMessage = { type: 'login'; userIds: string[] } | { type: 'stop' };
export type StrikeAppReply = { type: 'ready'; port: number } | { type: 'tokens'; tokens: string[] };

const send = (m: StrikeAppReply) => process.send!(m);
const config = loadConfig({ ...process.env, NODE_ENV: 'development', LOG_LEVEL: 'silent' });
const database = await openDatabase({ url: config.DATABASE_URL, ...(process.env.BENCH_POOL_SIZE ? { poolSize: Number(process.env.BENCH_POOL_SIZE) } : {}) });
const transports = createTransports(config);
const app = await buildApp({ config, database, logger: false, serveWeb: false, transports });
await app.listen({ port: 0, host: '127.0.0.1' });
app.outbox.start();
const jobs = startJobs(app);
const address = app.server.address();
send({ type: 'ready', port: typeof address === 'object' && address ? address.port : 0 });

process.on('disconnect', () => process.exit(0));
process.on('message', async (m: StrikeAppMessage) => {
  if (m.type === 'login') {
    send({ type: 'tokens', tokens: await Promise.all(m.userIds.map((id) => createUserSession(app, id))) });
  } else if (m.type === 'stop') {
    await jobs.stop();
    await app.close();
    await closeTransports(transports);
    await database.close();
    process.exit(0);
  }
});
