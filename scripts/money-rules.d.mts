// Types of money-rules.mjs for tests/unit/check-money.test.ts (the script itself runs as plain Node).
export interface MoneyProblem {
  /** The file under src/ ('server/modules/payments/queries.ts'). */
  file: string;
  line: number;
  /** The conversion found ('Number(...)'). */
  what: string;
}
export const SCOPE: readonly string[];
export const ALLOWED: readonly { file: string; code: string; why: string }[];
export function checkMoney(sources: Record<string, string>): MoneyProblem[];
export function describe(problem: MoneyProblem): string;
