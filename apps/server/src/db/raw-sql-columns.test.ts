import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { is } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import * as schema from './schema.js';

/**
 * Raw SQL is invisible to the compiler: a column renamed in schema.ts and in a migration leaves a
 * raw statement that still says the old name compiling, and it fails only when it runs. Most raw
 * statements name their columns through the table objects (`${events.careStartsAt}`), which the
 * typecheck follows; this test covers the text that remains. Every qualified column reference
 * (`alias.column`) and every table after FROM / JOIN / INTO / UPDATE in the literal parts of the
 * server's sql`` templates must exist in schema.ts.
 */

const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const tables: PgTable[] = (Object.values(schema) as unknown[]).filter((v): v is PgTable => is(v, PgTable));
const TABLE_NAMES = new Set(tables.map((t) => getTableConfig(t).name));
const COLUMN_NAMES = new Set(tables.flatMap((t) => getTableConfig(t).columns.map((c) => c.name)));
/** Schemas whose objects are PostgreSQL's or the migrator's, not ours. */
const FOREIGN_SCHEMAS = new Set(['drizzle', 'pg_catalog', 'information_schema']);

/** The literal text of every sql`` template in `source` (the ${…} parts left out, nested templates included). */
export function sqlTemplateTexts(source: string): string[] {
  const texts: string[] = [];
  // Reads a template literal starting after its opening backtick; returns the index after its closing one.
  const readTemplate = (start: number, collect: boolean): number => {
    let text = '';
    let i = start;
    while (i < source.length) {
      const ch = source[i];
      if (ch === '\\') {
        text += source.slice(i, i + 2);
        i += 2;
      } else if (ch === '`') {
        if (collect) texts.push(text);
        return i + 1;
      } else if (ch === '$' && source[i + 1] === '{') {
        // A placeholder no name rule matches: `from ${table} k` must not read `k` as the table.
        text += ' $_ ';
        i = readExpression(i + 2);
      } else {
        text += ch;
        i++;
      }
    }
    return i;
  };
  // Reads a ${…} expression; returns the index after its closing brace.
  const readExpression = (start: number): number => {
    let depth = 1;
    let i = start;
    while (i < source.length && depth > 0) {
      const ch = source[i]!;
      if (ch === '`') {
        const tagged = /sql$/.test(source.slice(Math.max(0, i - 3), i));
        i = readTemplate(i + 1, tagged);
        continue;
      }
      if (ch === "'" || ch === '"') {
        const end = source.indexOf(ch, i + 1);
        i = end < 0 ? source.length : end + 1;
        continue;
      }
      if (ch === '{') depth++;
      if (ch === '}') depth--;
      i++;
    }
    return i;
  };
  for (const m of source.matchAll(/\bsql`/g)) readTemplate(m.index + 4, true);
  return texts;
}

/**
 * The names in `texts` (the templates of one file) that schema.ts does not know: qualified column
 * references (`alias.column`) whose column is neither a column of a table nor a name the same
 * file's SQL gives a value (`… as name`, a subquery's or CTE's column), and tables after FROM,
 * JOIN, INTO or UPDATE that are neither a table nor a CTE of that file.
 */
export function unknownNames(texts: string[]): string[] {
  const unknown: string[] = [];
  const clean = texts.map((t) => t.replace(/'(?:[^']|'')*'/g, "''").replace(/--[^\n]*/g, ''));
  const all = clean.join('\n');
  const aliases = new Set([...all.matchAll(/\bas\s+([a-z_][a-z0-9_]*)\b/gi)].map((m) => m[1]!));
  const ctes = new Set([...all.matchAll(/\b([a-z_][a-z0-9_]*)\s*(?:\([^)]*\))?\s+as\s*\(/gi)].map((m) => m[1]!));
  for (const text of clean) {
    for (const m of text.matchAll(/\b([a-z_][a-z0-9_]*)\.([a-z_][a-z0-9_]*)\b/g)) {
      const [ref, qualifier, column] = m as unknown as [string, string, string];
      if (FOREIGN_SCHEMAS.has(qualifier)) continue;
      if (!COLUMN_NAMES.has(column) && !aliases.has(column)) unknown.push(ref);
    }
    for (const m of text.matchAll(/(?<!\bfor\s+)\b(?:from|join|into|update)\s+([a-z_][a-z0-9_]*)\b(?!\s*\()/gi)) {
      const name = m[1]!;
      if (TABLE_NAMES.has(name) || ctes.has(name) || SQL_WORDS.has(name.toLowerCase()) || FOREIGN_SCHEMAS.has(name)) continue;
      unknown.push(name);
    }
  }
  return unknown;
}

/** Words that follow FROM / JOIN / UPDATE in our statements without naming a table. */
const SQL_WORDS = new Set(['lateral', 'only', 'set', 'where', 'on', 'select', 'values']);

function serverSources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return name === 'migrations' ? [] : serverSources(full);
    return name.endsWith('.ts') && !name.endsWith('.test.ts') ? [full] : [];
  });
}

describe('raw SQL names only columns and tables that exist', () => {
  it('finds an old column name and an unknown table (the check can fail)', () => {
    const texts = sqlTemplateTexts('const q = sql`select e.expire_date, ${x} from events e join ${sql`kitas k`} on true join old_events o on true`;');
    expect(unknownNames(texts)).toEqual(['e.expire_date', 'old_events']);
    expect(unknownNames(['select e.care_ends_at, f.n from events e join failed f on true', 'with failed as (select count(*) as n from events)'])).toEqual([]);
    expect(sqlTemplateTexts('sql`a ${sql`update parents_old set x = 1`} b`')).toContain('update parents_old set x = 1');
  });

  it('holds for every sql`` template of the server', () => {
    const found: string[] = [];
    const files = serverSources(SRC);
    expect(files.length).toBeGreaterThan(50);
    let templates = 0;
    for (const file of files) {
      const texts = sqlTemplateTexts(readFileSync(file, 'utf8'));
      templates += texts.length;
      for (const name of unknownNames(texts)) found.push(`${path.relative(SRC, file)}: ${name}`);
    }
    expect(templates).toBeGreaterThan(50);
    expect(found).toEqual([]);
  });
});
