/**
 * Where a server's CPU went: the top functions by self time in a V8 CPU profile (`node --cpu-prof`,
 * or the bench with BENCH_CPU_PROF=<folder>), and the share of time per package or source folder.
 *
 *   npx tsx scripts/bench/profile-summary.ts <file.cpuprofile> [top=30]
 */
import { readFileSync } from 'node:fs';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
  startTime: number;
  endTime: number;
}

const [file, topArg] = process.argv.slice(2);
if (!file) throw new Error('Uso: profile-summary.ts <archivo.cpuprofile> [top]');
const top = Number(topArg ?? 30);
const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;

// Self time per node: each sample's time delta belongs to the node that was on top of the stack.
const selfUs = new Map<number, number>();
for (const [i, id] of profile.samples.entries()) {
  selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
}
const total = [...selfUs.values()].reduce((a, b) => a + b, 0);
const byId = new Map(profile.nodes.map((n) => [n.id, n]));

/** A package name from node_modules, a source folder of ours, or the kind of V8 frame. */
function area(url: string, name: string): string {
  if (!url) return name.startsWith('(') ? name : '(native)';
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (pkg) return pkg[1] as string;
  if (url.startsWith('node:')) return url.split('/')[0] as string;
  const src = /\/src\/((?:server\/(?:modules|plugins|lib|db)\/)?[^/]+)/.exec(url);
  return src ? `src/${src[1]}` : url;
}

const functions = new Map<string, number>();
const areas = new Map<string, number>();
for (const [id, us] of selfUs) {
  const node = byId.get(id);
  if (!node) continue;
  const { functionName, url, lineNumber } = node.callFrame;
  const where = url
    ? `${url.replace(/^.*node_modules\//, '').replace(/^file:\/\/.*\/src\//, 'src/')}:${lineNumber + 1}`
    : '';
  const key = `${functionName || '(anónima)'} ${where}`;
  functions.set(key, (functions.get(key) ?? 0) + us);
  const a = area(url, functionName);
  areas.set(a, (areas.get(a) ?? 0) + us);
}

const pct = (us: number) => `${((100 * us) / total).toFixed(1).padStart(5)} %`;
const print = (title: string, rows: Map<string, number>, n: number) => {
  console.log(`\n${title}`);
  for (const [key, us] of [...rows].sort((a, b) => b[1] - a[1]).slice(0, n)) {
    console.log(`${pct(us)} ${(us / 1000).toFixed(0).padStart(7)} ms  ${key}`);
  }
};
console.log(`Muestras: ${profile.samples.length}, ${(total / 1e6).toFixed(1)} s en total`);
print('Por paquete o carpeta (tiempo propio)', areas, 25);
print('Por función (tiempo propio)', functions, top);
