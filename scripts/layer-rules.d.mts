// Types of layer-rules.mjs for tests/unit/check-layers.test.ts (the script itself runs as plain Node).
export interface LayerImport {
  /** The importing file under src/ ('server/app.ts'). */
  from: string;
  specifier: string;
  /** The import resolved against `from`, extension optional ('server/lib/search'). */
  target: string;
}
export interface LayerProblem {
  from: string;
  specifier: string;
  why: string;
}
export const RULES: readonly { from: string; to: string; why: string }[];
export const UNITS: readonly string[];
export function unitOf(file: string): string | undefined;
export function checkLayers(files: readonly string[], imports: readonly LayerImport[]): LayerProblem[];
