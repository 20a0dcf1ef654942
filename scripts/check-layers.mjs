#!/usr/bin/env node
// The import rules of docs/architecture.md, run by `npm run lint`. Biome's noRestrictedImports
// matches the text of an import, not the file it resolves to, so "another feature's internals"
// cannot be told from "this feature's own subfolder" there; this resolves every relative import
// and checks it against the layer rules. Exit 1 with one line per broken rule.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const IMPORT =
  /(?:^|[\s;])(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)|^import\s+['"]([^'"]+)['"]/gm;

/** A file under `from` may not import one under `to` (folders under src/). */
const RULES = [
  { from: 'domain', to: 'server', why: 'src/domain is shared by both sides and imports neither' },
  { from: 'domain', to: 'web', why: 'src/domain is shared by both sides and imports neither' },
  { from: 'server', to: 'web', why: 'the server never imports the web app' },
  { from: 'web', to: 'server', why: 'the web app never imports the server (share code through src/domain)' },
  { from: 'server/db', to: 'server/modules', why: 'the database layer is below the modules' },
  { from: 'server/db', to: 'server/plugins', why: 'the database layer is below the plugins' },
  { from: 'server/db', to: 'server/demo', why: 'demo data is a use of the modules, above the database' },
  {
    from: 'server/plugins',
    to: 'server/modules',
    why: 'plugins get what they need from app.ts, not from a module',
  },
  { from: 'server/modules', to: 'server/demo', why: 'modules know nothing of the demo data' },
  { from: 'web/components', to: 'web/features', why: 'shared UI parts know no feature' },
  { from: 'web/api', to: 'web/auth', why: 'the API client is below auth (auth registers its 401 handler)' },
];
/** Between two features (or two server modules) only the other's public face may be imported. */
const FEATURE_ROOTS = [
  { dir: 'server/modules', allow: ['index.ts'] },
  { dir: 'web/features', allow: ['index.ts'] },
];

function* sourceFiles(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* sourceFiles(full);
    else if (/\.(ts|tsx|mts|js|mjs)$/.test(entry.name)) yield full;
  }
}

/** The file a relative import points at, as a path under src/ ('server/db/client.ts'). */
function resolveImport(file, specifier) {
  const target = path.relative(path.join(root, 'src'), path.resolve(path.dirname(file), specifier));
  return target.split(path.sep).join('/');
}

const inside = (file, dir) => file === dir || file.startsWith(`${dir}/`);

/** The feature a file belongs to under a feature root ('clients' for web/features/clients/x.tsx). */
function featureOf(file, dir) {
  return inside(file, dir) ? file.slice(dir.length + 1).split('/')[0] : undefined;
}

function violations(fromFile, target) {
  const found = [];
  for (const rule of RULES) {
    if (inside(fromFile, rule.from) && inside(target, rule.to)) found.push(rule.why);
  }
  for (const { dir, allow } of FEATURE_ROOTS) {
    const own = featureOf(fromFile, dir);
    const other = featureOf(target, dir);
    if (!own || !other || own === other) continue;
    const rest = target.slice(dir.length + other.length + 2);
    const isPublic = rest === '' || allow.some((name) => rest === name || rest === name.replace(/\.ts$/, ''));
    if (!isPublic) found.push(`${dir}/${own} may import ${dir}/${other} only through its index.ts`);
  }
  return found;
}

const problems = [];
for (const file of sourceFiles(path.join(root, 'src'))) {
  const fromFile = path.relative(path.join(root, 'src'), file).split(path.sep).join('/');
  const text = readFileSync(file, 'utf8');
  for (const match of text.matchAll(IMPORT)) {
    const specifier = match[1] ?? match[2] ?? match[3];
    if (!specifier?.startsWith('.')) continue;
    const target = resolveImport(file, specifier);
    for (const why of violations(fromFile, target)) {
      problems.push(`src/${fromFile} imports '${specifier}': ${why}`);
    }
  }
}

if (problems.length) {
  console.error(`Reglas de capas incumplidas (docs/architecture.md):\n${problems.join('\n')}`);
  process.exit(1);
}
