// The rules of docs/architecture.md as a pure function of an import graph, so that
// scripts/check-layers.mjs runs them on src/ and tests/unit/check-layers.test.ts on small fake graphs.

/** A file under `from` may not import one under `to` (folders under src/). */
export const RULES = [
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
  {
    from: 'server/lib',
    to: 'server/modules',
    why: 'the helpers are below the modules (app.ts or the calling module hands them what they need)',
  },
  { from: 'server/modules', to: 'server/demo', why: 'modules know nothing of the demo data' },
  {
    from: 'server/modules/users',
    to: 'server/modules/auth',
    why: 'auth uses users, never the other way (users gets SessionControl from app.ts)',
  },
  { from: 'web/components', to: 'web/features', why: 'shared UI parts know no feature' },
  { from: 'web/components', to: 'web/auth', why: 'shared UI parts are below auth' },
  { from: 'web/lib', to: 'web/features', why: 'shared hooks and helpers know no feature' },
  { from: 'web/api', to: 'web/auth', why: 'the API client is below auth (auth registers its 401 handler)' },
];
/** Between two features (or two server modules) only the other's public face may be imported. */
const FEATURE_ROOTS = [
  { dir: 'server/modules', allow: ['index.ts'] },
  { dir: 'web/features', allow: ['index.ts'] },
];
/** The folders the architecture names as units; a `*` stands for each folder under it. */
export const UNITS = [
  'server/lib',
  'server/db',
  'server/plugins',
  'server/modules/*',
  'web/lib',
  'web/components',
  'web/api',
  'web/auth',
  'web/features/*',
  'domain',
];
const EXTENSIONS = ['', '.ts', '.tsx', '.mts', '.js', '.mjs', '/index.ts', '/index.tsx'];

const inside = (file, dir) => file === dir || file.startsWith(`${dir}/`);

/** The feature a file belongs to under a feature root ('clients' for web/features/clients/x.tsx). */
function featureOf(file, dir) {
  return inside(file, dir) ? file.slice(dir.length + 1).split('/')[0] : undefined;
}

/** The named folder a file belongs to ('server/modules/audit' for server/modules/audit/routes.ts). */
export function unitOf(file) {
  for (const unit of UNITS) {
    if (!unit.endsWith('/*')) {
      if (inside(file, unit)) return unit;
      continue;
    }
    const dir = unit.slice(0, -2);
    const name = featureOf(file, dir);
    if (name && file !== `${dir}/${name}`) return `${dir}/${name}`;
  }
  return undefined;
}

function ruleViolations(fromFile, target) {
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

/** Strongly connected groups of more than one node (Tarjan), each as a set of nodes. */
function cycles(edges) {
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const groups = [];
  let next = 0;
  const visit = (node) => {
    index.set(node, next);
    low.set(node, next++);
    stack.push(node);
    onStack.add(node);
    for (const to of edges.get(node) ?? []) {
      if (!index.has(to)) {
        visit(to);
        low.set(node, Math.min(low.get(node), low.get(to)));
      } else if (onStack.has(to)) low.set(node, Math.min(low.get(node), index.get(to)));
    }
    if (low.get(node) !== index.get(node)) return;
    const group = new Set();
    let member;
    do {
      member = stack.pop();
      onStack.delete(member);
      group.add(member);
    } while (member !== node);
    if (group.size > 1) groups.push(group);
  };
  for (const node of edges.keys()) if (!index.has(node)) visit(node);
  return groups;
}

/** A shortest path from `from` to `to` inside `group`, as the list of nodes walked. */
function pathWithin(edges, group, from, to) {
  const previous = new Map([[from, undefined]]);
  const queue = [from];
  while (queue.length) {
    const node = queue.shift();
    if (node === to) break;
    for (const nextNode of edges.get(node) ?? []) {
      if (group.has(nextNode) && !previous.has(nextNode)) {
        previous.set(nextNode, node);
        queue.push(nextNode);
      }
    }
  }
  const walk = [to];
  while (walk[0] !== from) walk.unshift(previous.get(walk[0]));
  return walk;
}

/** For each import inside a cycle of `edges`, the way back that closes it ('a -> b -> a'). */
function cycleEdges(imports, nodeOf, kind) {
  const edges = new Map();
  for (const { from, target } of imports) {
    const a = nodeOf(from);
    const b = nodeOf(target);
    if (!a || !b || a === b) continue;
    if (!edges.has(a)) edges.set(a, new Set());
    edges.get(a).add(b);
  }
  const found = [];
  for (const group of cycles(edges)) {
    const reported = new Set();
    for (const entry of imports) {
      const a = nodeOf(entry.from);
      const b = nodeOf(entry.target);
      if (!group.has(a) || !group.has(b) || a === b || reported.has(`${a}>${b}`)) continue;
      reported.add(`${a}>${b}`);
      const back = pathWithin(edges, group, b, a);
      found.push({ ...entry, why: `${kind} cycle ${[a, ...back].join(' -> ')}` });
    }
  }
  return found;
}

/**
 * Every broken rule in an import graph. `files` lists the source files as paths under src/
 * ('server/app.ts'); `imports` gives each relative import as { from, specifier, target } with
 * `target` resolved against the importing file but without extension lookup ('server/lib/search').
 * Returns one { from, specifier, why } per broken rule.
 */
export function checkLayers(files, imports) {
  const known = new Set(files);
  const fileOf = (target) => EXTENSIONS.map((ext) => target + ext).find((name) => known.has(name));
  const resolved = imports.map((entry) => ({ ...entry, target: fileOf(entry.target) ?? entry.target }));
  const problems = [];
  for (const entry of resolved) {
    for (const why of ruleViolations(entry.from, entry.target)) problems.push({ ...entry, why });
  }
  const files2 = resolved.filter((entry) => known.has(entry.target));
  problems.push(...cycleEdges(files2, (file) => file, 'import'));
  problems.push(...cycleEdges(files2, unitOf, 'folder'));
  return problems.map(({ from, specifier, why }) => ({ from, specifier, why }));
}
