#!/usr/bin/env node
// Page-weight budget, so the first page loads fast: the JavaScript a browser needs to show /login,
// gzipped, must stay at or under 150 KB. Reads Vite's manifest: the entry chunk, the login page's lazy
// chunk, and every chunk they import statically (the browser loads those before the page can run).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const BUDGET_BYTES = 150 * 1024;
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(root, 'dist/web');
const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));

const files = new Set();
function collect(key) {
  const chunk = manifest[key];
  if (!chunk || files.has(chunk.file)) return;
  files.add(chunk.file);
  for (const imported of chunk.imports ?? []) collect(imported);
}
collect('index.html');
const login = Object.keys(manifest).find((key) => key.endsWith('features/auth/LoginPage.tsx'));
if (!login) {
  console.error('No se encontró el chunk de la página de login en el manifiesto de Vite.');
  process.exit(1);
}
collect(login);

let total = 0;
for (const file of [...files].filter((f) => f.endsWith('.js'))) {
  const size = gzipSync(readFileSync(path.join(dist, file))).length;
  total += size;
  console.log(`  ${file}: ${(size / 1024).toFixed(1)} KB gzip`);
}
const verdict = total <= BUDGET_BYTES ? 'OK' : 'EXCEDIDO';
console.log(`JavaScript inicial de /login: ${(total / 1024).toFixed(1)} KB gzip (límite 150 KB): ${verdict}`);
process.exit(total <= BUDGET_BYTES ? 0 : 1);
