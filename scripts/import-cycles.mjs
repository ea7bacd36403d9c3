// Fails on any circle of imports between our own modules, type-only and dynamic imports
// included. ESLint's import-x/no-cycle (eslint.config.js) skips `import type`, so a pair like
// "the sheet imports its props type from the module that lazy-loads the sheet" passes it; this
// check, run by `npm run lint`, does not let it through. Reading imports needs no type check
// (ts.preProcessFile), so it takes a second. In the API it also fails on a circle between rooms
// (modules and folders, ARCHITECTURE.md rule 14), which no single file's imports show.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { ROOT } from './lib.mjs';

const SOURCES = ['apps/web/src', 'apps/web/e2e', 'apps/api/src', 'apps/api/test', 'packages/shared/src'];
/** Import prefixes that point into our own code (apps/web/tsconfig.json `paths`). */
const ALIASES = { '@/': join(ROOT, 'apps/web/src') };

function listFiles(dir) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' || entry.name === 'dist' ? [] : listFiles(path);
    return /\.(ts|tsx|mts)$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

function resolveImport(from, specifier) {
  const alias = Object.keys(ALIASES).find((prefix) => specifier.startsWith(prefix));
  let base;
  if (alias) base = join(ALIASES[alias], specifier.slice(alias.length));
  else if (specifier.startsWith('.')) base = resolve(dirname(from), specifier);
  else return undefined; // a package: cycles through packages are the zones' business
  const stem = base.replace(/\.(m?js|jsx)$/, '');
  const candidates = [base, `${stem}.ts`, `${stem}.tsx`, `${stem}.mts`, join(base, 'index.ts'), join(base, 'index.tsx')];
  return candidates.find((path) => existsSync(path) && statSync(path).isFile() && /\.(ts|tsx|mts)$/.test(path));
}

const files = SOURCES.flatMap((dir) => listFiles(join(ROOT, dir)));
const graph = new Map(
  files.map((file) => {
    const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
    const targets = importedFiles.map(({ fileName }) => resolveImport(file, fileName)).filter(Boolean);
    return [file, [...new Set(targets)]];
  }),
);

// Tarjan's strongly connected components: every component of more than one node (or a node that
// reaches itself) is a circle.
function circlesOf(graph) {
  let index = 0;
  const order = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const circles = [];
  function visit(node) {
    order.set(node, index);
    low.set(node, index);
    index += 1;
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!order.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node), low.get(next)));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node), order.get(next)));
      }
    }
    if (low.get(node) === order.get(node)) {
      const component = [];
      let member;
      do {
        member = stack.pop();
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1 || graph.get(node)?.includes(node)) circles.push(component);
    }
  }
  for (const node of graph.keys()) if (!order.has(node)) visit(node);
  return circles;
}

// The API's rooms (ARCHITECTURE.md rule 14): each module, each other folder of apps/api/src, each
// file at its top (the first-start seeding, demo/, is one of those folders: it calls the modules and
// so stands above them). An import between two rooms is an arrow; arrows between rooms may not run
// in a circle either, so no room imports, even by way of others, a room that imports it.
const API = join(ROOT, 'apps/api/src');
function roomOf(file) {
  const parts = relative(API, file).split('/');
  if (parts[0].startsWith('..')) return undefined;
  if (parts[0] === 'modules') return `modules/${parts[1]}`;
  return parts[0];
}
const rooms = new Map();
for (const [file, targets] of graph) {
  const room = roomOf(file);
  if (!room || /\.test\.ts$/.test(file)) continue;
  if (!rooms.has(room)) rooms.set(room, []);
  for (const target of targets) {
    const other = roomOf(target);
    if (other && other !== room && !rooms.get(room).includes(other)) rooms.get(room).push(other);
  }
}

const circles = circlesOf(graph);
const roomCircles = circlesOf(rooms);
if (circles.length > 0) {
  console.error(`Import circles (${circles.length}); break each by moving what both sides need into a third module:`);
  for (const circle of circles)
    console.error(
      `  ${circle
        .map((file) => relative(ROOT, file))
        .sort()
        .join(' ↔ ')}`,
    );
}
if (roomCircles.length > 0) {
  console.error(
    `Circles between the API's modules and folders (${roomCircles.length}); invert one arrow (hand it over at registration) or move what both need lower:`,
  );
  for (const circle of roomCircles) {
    console.error(`  ${[...circle].sort().join(' ↔ ')}`);
    for (const room of circle)
      for (const [file, targets] of graph)
        if (roomOf(file) === room && !/\.test\.ts$/.test(file))
          for (const target of targets)
            if (roomOf(target) !== room && circle.includes(roomOf(target)))
              console.error(`    ${relative(ROOT, file)} → ${relative(ROOT, target)}`);
  }
}
if (circles.length > 0 || roomCircles.length > 0) process.exit(1);
