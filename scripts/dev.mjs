#!/usr/bin/env node
// `npm run dev`: the API (restarted on change by tsx watch) on port 3001 and Vite's dev server on 5173,
// which proxies /api to it (vite.config.ts). Open http://localhost:5173.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const API_PORT = process.env.API_PORT ?? '3001';

const processes = [
  {
    name: 'api',
    args: [path.join(root, 'node_modules/tsx/dist/cli.mjs'), 'watch', 'src/server/main.ts'],
    // Replies checked against their schemas while developing, as in the tests (decision 0059).
    env: { PORT: API_PORT, REPLY_CHECKS: 'check' },
  },
  {
    name: 'web',
    args: [path.join(root, 'node_modules/vite/bin/vite.js'), '--port', '5173', '--strictPort'],
    env: { API_PORT },
  },
];

let stopping = false;
let exitCode = 0;
const running = new Set();

// Each child gets its own process group (detached) so that Ctrl-C reaches it exactly once, from here:
// a second SIGINT from the terminal would make tsx watch kill the server before it closes PGlite.
// Signalling the group (-pid) also reaches the server that tsx watch runs as its own child.
function signalAll(signal) {
  for (const child of running) {
    try {
      process.kill(-child.pid, signal);
    } catch {
      // Already gone.
    }
  }
}

function stop(signal, code) {
  if (stopping) return;
  stopping = true;
  exitCode = code;
  signalAll(signal);
  // A child that ignores the signal must not keep the terminal hostage.
  setTimeout(() => signalAll('SIGKILL'), 10_000).unref();
}

for (const { name, args, env } of processes) {
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: 'inherit',
    detached: true,
  });
  running.add(child);
  child.on('error', (error) => {
    console.error(`[${name}] no se pudo iniciar: ${error.message}`);
    stop('SIGTERM', 1);
  });
  child.on('exit', (code, signal) => {
    running.delete(child);
    // One side dying leaves a half-working setup; stop the other so the failure is visible.
    if (!stopping) {
      console.error(`[${name}] terminó (${signal ?? `código ${code}`}); deteniendo el resto`);
      stop('SIGTERM', code ?? 1);
    }
    if (running.size === 0) process.exit(exitCode);
  });
}

process.on('SIGINT', () => stop('SIGINT', 0));
process.on('SIGTERM', () => stop('SIGTERM', 0));
// Detached children outlive a parent that crashes; take them along if this process exits early.
process.on('exit', () => signalAll('SIGKILL'));
