#!/usr/bin/env node
// `npm start` runs this first so that a fresh clone serves the web app without a separate build step,
// while a start with an up-to-date build costs only a few stat calls and prints nothing.
import { spawnSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const builtIndex = path.join(root, 'dist/web/index.html');
// Everything that can change the bundle: the web sources, the code they share with the server,
// the build config, and the locked dependency versions.
const inputs = ['src/web', 'src/domain', 'vite.config.ts', 'package-lock.json'];

function mtimeOrNull(file) {
  try {
    return statSync(file).mtimeMs;
  } catch {
    return null;
  }
}

/** Newest modification time under a file or directory (0 when it does not exist). */
function newestMtime(target) {
  let stats;
  try {
    stats = statSync(target);
  } catch {
    return 0;
  }
  if (!stats.isDirectory()) return stats.mtimeMs;
  // The directory's own mtime catches deleted or renamed files, which leave no newer file behind.
  let newest = stats.mtimeMs;
  for (const entry of readdirSync(target, { withFileTypes: true })) {
    newest = Math.max(newest, newestMtime(path.join(target, entry.name)));
  }
  return newest;
}

function reasonToBuild() {
  const builtAt = mtimeOrNull(builtIndex);
  if (builtAt === null) return 'dist/web/index.html no existe';
  for (const input of inputs) {
    if (newestMtime(path.join(root, input)) > builtAt) return `${input} cambió desde la última compilación`;
  }
  return null;
}

const reason = reasonToBuild();
if (reason) {
  console.log(`Compilando la aplicación web (${reason})...`);
  // The local Vite through the running Node: no dependency on npx or on PATH.
  const vite = path.join(root, 'node_modules/vite/bin/vite.js');
  // Always a production bundle: under NODE_ENV=test (E2E) Vite would ship React's development build.
  const result = spawnSync(process.execPath, [vite, 'build'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (result.error) console.error(`No se pudo ejecutar Vite: ${result.error.message}`);
  process.exit(result.status ?? 1);
}
