import type { RuleSummary } from './fairness-report.js';
export function fairnessChart(_r: { world: string; rules: RuleSummary[] }[]): string {
  return '<svg xmlns="http://www.w3.org/2000/svg"/>';
}
