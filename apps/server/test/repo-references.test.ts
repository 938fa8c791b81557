import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The repository must stand on its own: a comment, test or doc that says "see the design note" or
 * names a ticket number sends the next engineer to something a clone does not contain. Comments say
 * the reason in words or point into the repository (docs/…, ARCHITECTURE.md), and every such
 * pointer names a file and a heading that exist. docs/quality.md "What counts as done" states the
 * rule; this test keeps it.
 */
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const SELF = path.relative(repoRoot, fileURLToPath(import.meta.url)).split(path.sep).join('/');

const TEXT_FILE = /\.(ts|tsx|js|mjs|cjs|md|sql|json|ya?ml|css|html|sh)$|(^|\/)(Dockerfile|\.env\.example)$/;
const SKIP = /(^|\/)(node_modules|dist|\.git|coverage|test-results|playwright-report)\/|(^|\/)package-lock\.json$/;

/** The tracked files (git), or every file under the root when the tree is not a git checkout. */
function repoFiles(): string[] {
  try {
    return execFileSync('git', ['ls-files'], { cwd: repoRoot, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 })
      .split('\n')
      .filter(Boolean);
  } catch {
    const out: string[] = [];
    const walk = (dir: string) => {
      for (const name of readdirSync(path.join(repoRoot, dir))) {
        const rel = dir ? `${dir}/${name}` : name;
        if (SKIP.test(`${rel}/`)) continue;
        if (statSync(path.join(repoRoot, rel)).isDirectory()) walk(rel);
        else out.push(rel);
      }
    };
    walk('');
    return out;
  }
}

export interface Finding {
  line: number;
  text: string;
  why: string;
}

const FORBIDDEN: Array<{ pattern: RegExp; why: string }> = [
  { pattern: /\b[Ii]ssues? #?\d+/g, why: 'names a ticket number: say the reason in words' },
  { pattern: /\b[Ss]pec(?:ification)?(?:'s)? ?(?:section|§)|\bspec \d|\bspec "/g, why: 'points into the specification: say the rule or point to docs/' },
  { pattern: /\.\.\/shared\/|\/work\/shared\b/g, why: 'points to a folder outside the repository' },
];

/** File names of design notes that lived outside the repository; a bare mention must resolve beside the file. */
const NOTE_NAME = /(?<![\w./-])((?:domain|quality|api|architecture|style|wire|glossary|decisions|structure-steps)\.md)\b/g;

/** `docs/x.md "Heading"`, `ARCHITECTURE.md "Heading", "Other"`: the file and each heading must exist. */
const POINTER = /(?<![\w/-])((?:docs\/[\w-]+|ARCHITECTURE|README)\.md)((?: "[^"\n]+",?)*)/g;

const headingsCache = new Map<string, string[] | null>();
function headingsOf(file: string): string[] | null {
  if (!headingsCache.has(file)) {
    const abs = path.join(repoRoot, file);
    headingsCache.set(
      file,
      existsSync(abs)
        ? readFileSync(abs, 'utf8')
            .split('\n')
            .filter((l) => /^#{1,6} /.test(l))
            .map((l) => l.replace(/^#+ /, '').trim())
        : null,
    );
  }
  return headingsCache.get(file)!;
}

/** What is wrong with the references in one file's text (`file` is its path from the repository root). */
export function referenceFindings(file: string, text: string): Finding[] {
  const findings: Finding[] = [];
  const dir = path.posix.dirname(file);
  text.split('\n').forEach((line, i) => {
    for (const { pattern, why } of FORBIDDEN) {
      for (const m of line.matchAll(pattern)) findings.push({ line: i + 1, text: m[0], why });
    }
    for (const m of line.matchAll(NOTE_NAME)) {
      if (!existsSync(path.join(repoRoot, dir, m[1]!))) findings.push({ line: i + 1, text: m[0], why: 'names a design note that is not beside this file: point to docs/…' });
    }
    for (const m of line.matchAll(POINTER)) {
      const target = m[1]!;
      const headings = headingsOf(target);
      if (!headings) {
        findings.push({ line: i + 1, text: m[0], why: `${target} does not exist` });
        continue;
      }
      for (const [, heading] of (m[2] ?? '').matchAll(/"([^"]+)"/g)) {
        if (!headings.some((h) => h.startsWith(heading!))) findings.push({ line: i + 1, text: m[0], why: `${target} has no heading "${heading}"` });
      }
    }
  });
  return findings;
}

describe('references stay inside the repository', () => {
  it('finds ticket numbers, notes outside the repository and dangling doc pointers', () => {
    const at = 'apps/server/src/modules/events/example.ts';
    expect(referenceFindings(at, `// Closed at the deadline (${'issue'} 19).`)).toHaveLength(1);
    expect(referenceFindings(at, `/** ${'Issues'} 15 and 19: … */`)).toHaveLength(1);
    expect(referenceFindings(at, `// The rule of ${'domain'}.md "Close".`)).toHaveLength(1);
    expect(referenceFindings(at, `// As ${'quality'}.md says.`)).toHaveLength(1);
    expect(referenceFindings(at, `// ${'Spec'} section 5: required.`)).toHaveLength(1);
    expect(referenceFindings(at, `// (${'spec'} 8: one toast)`)).toHaveLength(1);
    expect(referenceFindings(at, `// see ${'..'}/shared/design/api.md`).length).toBeGreaterThanOrEqual(1);
    expect(referenceFindings(at, '// docs/domain.md "No such heading"')).toHaveLength(1);
    expect(referenceFindings(at, '// docs/nothing-here.md')).toHaveLength(1);
  });

  it('accepts pointers that resolve and plain words', () => {
    const at = 'apps/server/src/modules/events/example.ts';
    expect(referenceFindings(at, '// docs/domain.md "Closing": at the deadline.')).toEqual([]);
    expect(referenceFindings(at, '// docs/domain.md "Allocation and credits", "Credits histogram"')).toEqual([]);
    expect(referenceFindings(at, '// ARCHITECTURE.md "A message"; docs/fairness.md "A place given back"')).toEqual([]);
    expect(referenceFindings('docs/domain.md', 'See [wire.md](wire.md) and [fairness.md](fairness.md).')).toEqual([]);
    expect(referenceFindings(at, 'const issues = eventDateIssues(input); // 3 issues at most')).toEqual([]);
  });

  it('holds for every file of the repository', () => {
    const bad: string[] = [];
    const files = repoFiles().filter((f) => TEXT_FILE.test(f) && !SKIP.test(f) && f !== SELF);
    expect(files.length).toBeGreaterThan(100);
    for (const file of files) {
      const abs = path.join(repoRoot, file);
      if (!existsSync(abs)) continue;
      for (const f of referenceFindings(file, readFileSync(abs, 'utf8'))) bad.push(`${file}:${f.line}: ${f.text} (${f.why})`);
    }
    expect(bad).toEqual([]);
  });
});
