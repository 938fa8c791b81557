/**
 * Turns the statements the app sent for one answer (recorded from node-postgres) into a pgbench
 * script that sends the same statements for a random family per transaction: the family's session,
 * child and parent ids become SQL built from the pgbench variable :i (ids are derived from the
 * family number, see answer-world.ts), the colour rotates, everything else stays a literal.
 */
import { ID_PREFIX, type AnswerWorld } from './answer-world.js';

const COLOURS = ['red', 'yellow', 'green', 'blue'];

const literal = (v: unknown): string => {
  if (v === null || v === undefined) return 'NULL';
  if (typeof v === 'number' || typeof v === 'bigint') return String(v);
  if (typeof v === 'boolean') return v ? 'true' : 'false';
  const text = v instanceof Date ? v.toISOString() : String(v);
  return `'${text.replace(/'/g, "''")}'`;
};

export function pgbenchScript(queries: Array<{ text: string; values: unknown[] }>, world: AnswerWorld): { text: string; statements: number } {
  const ids = new Map<string, string>([
    [world.sessionIds[0]!, ID_PREFIX.session],
    [world.childId(0), ID_PREFIX.child],
    [world.parentId(0), ID_PREFIX.parent],
  ]);
  const statements = queries.map(({ text, values }) => {
    // Replace $10 before $1.
    return values
      .map((value, index) => ({ value, n: index + 1 }))
      .sort((a, b) => b.n - a.n)
      .reduce((sql, { value, n }) => {
        const placeholder = new RegExp(`\\$${n}(?!\\d)`, 'g');
        return sql.replace(placeholder, (_match, offset: number) => {
          const prefix = typeof value === 'string' ? ids.get(value) : undefined;
          if (prefix) {
            const expr = `('${prefix}' || lpad(:i::text, 12, '0'))`;
            const after = sql.slice(offset + `$${n}`.length);
            const before = sql.slice(0, offset);
            // Typed by the statement itself (`$n::uuid`) or used as text (string_to_array): keep text.
            return after.startsWith('::') || /string_to_array\(\s*$/.test(before) ? expr : `${expr}::uuid`;
          }
          if (typeof value === 'string' && COLOURS.includes(value)) return `(array['red','yellow','green'])[:t]`;
          return literal(value);
        });
      }, text);
  });
  const header = [`\\set i random(0, ${world.families - 1})`, '\\set t random(1, 3)'];
  return { text: `${header.join('\n')}\n${statements.map((s) => `${s.trim()};`).join('\n')}\n`, statements: statements.length };
}
