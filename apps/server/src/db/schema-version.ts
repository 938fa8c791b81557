import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { StartupError } from './startup-error.js';
import type { Db } from './client.js';

/**
 * Schema versions: the database records every applied migration in
 * drizzle.__drizzle_migrations (created_at = the journal's `when`). A migration recorded there
 * that this build's journal does not list was applied by a newer release: this process must not
 * start, and a running one stops writing (its code may write what the new schema no longer means)
 * until it is replaced.
 */

/** The `when` of every migration this build knows (migrations/meta/_journal.json). */
export function knownMigrations(migrationsFolder: string): Set<number> {
  const journal = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as { entries: Array<{ when: number }> };
  return new Set(journal.entries.map((e) => e.when));
}

/** Migrations applied to the database that `known` does not list (ascending); none before the first migration. */
export async function unknownMigrations(db: Pick<Db, 'execute'>, known: Set<number>): Promise<number[]> {
  const exists = await db.execute<{ t: string | null }>(sql`select to_regclass('drizzle.__drizzle_migrations')::text as t`);
  if (!exists.rows[0]?.t) return [];
  const rows = await db.execute<{ created_at: string | number }>(sql`select created_at from drizzle.__drizzle_migrations order by created_at`);
  return rows.rows.map((r) => Number(r.created_at)).filter((when) => !known.has(when));
}

export const schemaNewerMessage = (unknown: number[]) =>
  `The database carries ${unknown.length} migration${unknown.length > 1 ? 's' : ''} this version does not know (the newest from ${new Date(Math.max(...unknown)).toISOString().slice(0, 10)}): a newer release has upgraded it. Run that release, or restore the backup taken before the upgrade to go back to this one`;

export class SchemaNewerError extends StartupError {}

/** Refuses (one line) when the database is newer than this build. */
export async function assertSchemaKnown(db: Pick<Db, 'execute'>, known: Set<number>): Promise<void> {
  const unknown = await unknownMigrations(db, known);
  if (unknown.length) throw new SchemaNewerError(schemaNewerMessage(unknown));
}

/**
 * Watches a running process's database: `writable` turns false (readiness 503, writes 503, the
 * outbox worker and periodic jobs pause) once a newer release has migrated it. A failed check
 * (database down) keeps the last state; readiness reports the outage itself.
 */
export class SchemaGuard {
  private unknown: number[] = [];
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly db: Pick<Db, 'execute'>,
    private readonly known: Set<number>,
    private readonly log?: { error(obj: object, msg: string): void; info(msg: string): void },
  ) {}

  get writable(): boolean {
    return this.unknown.length === 0;
  }

  /** Why the process does not write, or null. */
  get reason(): string | null {
    return this.unknown.length ? schemaNewerMessage(this.unknown) : null;
  }

  async check(): Promise<boolean> {
    let unknown: number[];
    try {
      unknown = await unknownMigrations(this.db, this.known);
    } catch {
      return this.writable;
    }
    const was = this.writable;
    this.unknown = unknown;
    if (was && !this.writable) this.log?.error({ unknownMigrations: unknown }, `${this.reason}; this process no longer writes and reports not ready`);
    if (!was && this.writable) this.log?.info('the database schema is known again; writing resumed');
    return this.writable;
  }

  /** Checks every `intervalMs` until stop(). */
  start(intervalMs: number): void {
    if (this.timer) return;
    const tick = () => {
      void this.check().finally(() => {
        if (this.timer) this.timer = setTimeout(tick, intervalMs).unref();
      });
    };
    this.timer = setTimeout(tick, intervalMs).unref();
  }

  stop(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }
}
