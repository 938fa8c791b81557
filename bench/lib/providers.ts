/** The SMTP sink and the fake Twilio API in their own process (external, as in production; providers-process.ts). */
import { forkChild } from './child-process.js';
import type { ProvidersReply } from './providers-process.js';

export type Providers = Awaited<ReturnType<typeof startProviders>>;

export async function startProviders() {
  const handle = forkChild<{ type: 'count' | 'links' | 'stop' }, ProvidersReply>('providers-process.ts');
  const ready = await handle.ready;
  if (ready.type !== 'ready') throw new Error('providers did not start');
  return {
    ...ready,
    pid: handle.pid,
    /** Messages accepted so far (e-mails by the SMTP sink, SMS by the fake Twilio API). */
    async count() {
      const m = await handle.ask({ type: 'count' });
      return m.type === 'count' ? m : { emails: 0, sms: 0 };
    },
    /** The preference link tokens in the messages received so far (what the families click). */
    async links() {
      const m = await handle.ask({ type: 'links' });
      return m.type === 'links' ? m.tokens : [];
    },
    stop: () => handle.stop(),
  };
}
