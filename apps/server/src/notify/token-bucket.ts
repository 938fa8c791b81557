/**
 * A token bucket: `take()` resolves when a send is allowed, at most `ratePerSecond` per second
 * on average with bursts up to `burst`. Keeps one process under the SMS provider's rate limit
 * (the provider answers 429 beyond it; those are retried anyway).
 */
export class TokenBucket {
  private tokens: number;
  private last: number;
  private queue: Promise<void> = Promise.resolve();

  constructor(
    private readonly ratePerSecond: number,
    private readonly burst = Math.max(1, Math.ceil(ratePerSecond)),
    private readonly now: () => number = () => performance.now(),
  ) {
    this.tokens = this.burst;
    this.last = this.now();
  }

  take(): Promise<void> {
    // Chained so that waiters are served in order and never race for the same token.
    const next = this.queue.then(() => this.acquire());
    this.queue = next.catch(() => undefined);
    return next;
  }

  private async acquire(): Promise<void> {
    for (;;) {
      const t = this.now();
      this.tokens = Math.min(this.burst, this.tokens + ((t - this.last) / 1000) * this.ratePerSecond);
      this.last = t;
      if (this.tokens >= 1) {
        this.tokens -= 1;
        return;
      }
      const waitMs = ((1 - this.tokens) / this.ratePerSecond) * 1000;
      await new Promise((r) => setTimeout(r, Math.ceil(waitMs)));
    }
  }
}
