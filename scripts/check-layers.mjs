#!/usr/bin/env node
// The import rules of docs/architecture.md, run by `npm run lint`. Biome's noRestrictedImports
// matches the text of an import, not the file it resolves to, so "another feature's internals"
// cannot be told from "this feature's own subfolder" there; this resolves every relative import
// and checks it against the rules in layer-rules.mjs. Exit 1 with one line per broken rule.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkLayers } from './layer-rules.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const src = path.join(root, 'src');
const IMPORT =
  /(?:^|[\s;])(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)|^import\s+['"]([^'"]+)['"]/gm;

function* sourceFiles(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* sourceFiles(full);
    else if (/\.(ts|tsx|mts|js|mjs)$/.test(entry.name)) yield full;
  }
}

const underSrc = (full) => path.relative(src, full).split(path.sep).join('/');

const files = [];
const imports = [];
for (const file of sourceFiles(src)) {
  const from = underSrc(file);
  files.push(from);
  for (const match of readFileSync(file, 'utf8').matchAll(IMPORT)) {
    const specifier = match[1] ?? match[2] ?? match[3];
    if (!specifier?.startsWith('.')) continue;
    imports.push({ from, specifier, target: underSrc(path.resolve(path.dirname(file), specifier)) });
  }
}

const problems = checkLayers(files, imports);
if (problems.length) {
  const lines = problems.map(({ from, specifier, why }) => `src/${from} imports '${specifier}': ${why}`);
  console.error(`Reglas de capas incumplidas (docs/architecture.md):\n${lines.join('\n')}`);
  process.exit(1);
}
