#!/usr/bin/env node
// The one-money-mapper rule (docs/decisions/0048-one-money-mapper.md), run by `npm run lint`: no
// conversion by hand of a database value under src/server/modules, lib and demo. Exit 1 with one
// line per conversion; the rule itself is in money-rules.mjs.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkMoney, describe } from './money-rules.mjs';

const src = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'src');

function* sourceFiles(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* sourceFiles(full);
    else if (/\.(ts|tsx|mts|js|mjs)$/.test(entry.name)) yield full;
  }
}

const server = path.join(src, 'server');
const sources = {};
for (const file of sourceFiles(server)) {
  sources[path.relative(src, file).split(path.sep).join('/')] = readFileSync(file, 'utf8');
}
const problems = checkMoney(sources);
if (problems.length) {
  console.error(
    `Conversiones a mano (docs/decisions/0048-one-money-mapper.md):\n${problems.map(describe).join('\n')}`,
  );
  process.exit(1);
}
