import { sep } from 'node:path';
import type { Plugin, Rolldown } from 'vite';

type OutputChunk = Rolldown.OutputChunk;

/** The bundle's chunks by file name. */
export function chunksOf(bundle: Rolldown.OutputBundle): Map<string, OutputChunk> {
  const chunks = new Map<string, OutputChunk>();
  for (const output of Object.values(bundle)) if (output.type === 'chunk') chunks.set(output.fileName, output);
  return chunks;
}

/** What rolldown's manualChunks hands over to look at the module graph. */
interface ModuleGraph {
  getModuleInfo(
    id: string,
  ): { importedIds: readonly string[]; dynamicallyImportedIds: readonly string[]; importers: readonly string[]; isEntry: boolean } | null;
}

type Area = 'first' | 'auth' | 'member' | 'console';

/**
 * React Query's hooks and observers: reached only through the packages' indexes, so unmarked, and
 * the bundler would leave each in a chunk of its own. Sign-in and members' pages use them; the
 * entry uses the client and its provider, none of these.
 */
const QUERY_HOOKS =
  /node_modules\/@tanstack\/(react-query|query-core)\/build\/modern\/(use\w+|\w+Observer|suspense|errorBoundaryUtils|QueryErrorResetBoundary|IsRestoringProvider|infiniteQueryOptions)\.js$/;

/**
 * The shared package (and zod, the one library it uses) keeps the default split, which follows
 * what each page really uses of the package's index. Grouped, a sign-in page would build every
 * contract's schemas; and a contract in its own chunk importing money.ts from a group whose pages
 * import the contract makes two chunks that import each other, one running before the other has
 * defined what it uses ("is not a constructor" on the first load; `noChunkCycles` fails the build).
 */
const SHARED = /\/(packages\/shared\/src|node_modules\/zod)\//;

/**
 * The form libraries (and the schemas, through the shared package): a page that shows no form,
 * such as /home, should neither download nor run them.
 */
const FORM_LIBRARIES = /\/node_modules\/(zod|react-hook-form|@hookform\/resolvers)\//;

const ROUTES = `${sep}src${sep}routes${sep}`;
const SPLIT = /\?tsr-split=(.*)$/;

/** The part of the app a route's page belongs to (`first`: the sign-in page, the first load of `/`). */
function routeArea(id: string): Area | undefined {
  const split = SPLIT.exec(id);
  if (!split || !split[1]!.split('---').some((part) => part === 'component' || part === 'loader')) return undefined;
  const route = id.slice(id.indexOf(ROUTES) + ROUTES.length).replace(SPLIT, '');
  if (route.startsWith('admin')) return 'console';
  if (/^_auth(\.tsx|\/index\.tsx)$/.test(route)) return 'first';
  if (route.startsWith('_auth/')) return 'auth';
  return 'member';
}

/**
 * Left to itself the bundler gives every module shared by two pages a chunk of its own: a
 * signed-in page such as /home needed about forty files of 1–8 KB, and over HTTP/1.1 (six
 * connections) that is half a dozen round trips in a row before it can paint. This groups
 * them: what the first load of `/` (the entry and the sign-in page) uses is left as it is, so
 * that page downloads nothing more; of the rest, what only the other sign-in pages use goes to
 * `auth`, what many members' pages use (the public pages share their layout) to
 * `member`, and what both use to `pages`. What only a few members' pages use (at most a fifth of
 * them) keeps the default split, a chunk per page or per few pages, fetched beside `member` in
 * the same round trip: `/home` does not download the withdrawal forms, the plan page or the share
 * page's QR code; nor, apart in `forms`/`member-forms`, the form libraries (docs/decisions/0023). The console's modules keep the
 * default split (operators on laptops, and members' phones never fetch them).
 */
export function chunkGroups() {
  let areas: Map<string, Set<Area>> | undefined;

  /** Members' pages (their route modules) that import each module, statically through any path. */
  const memberPages = new Map<string, Set<string>>();
  /** How many members' pages a module may serve and still load only with them (a fifth of all). */
  let fewPages = 1;
  /** Modules that import a form library, directly or through any path. */
  const withForms = new Set<string>();

  /** Every module, with the areas whose pages import it (statically, through any path). */
  function mapAreas(start: string, graph: ModuleGraph): Map<string, Set<Area>> {
    // The whole graph: up from this module to an entry, then down every import.
    const all = new Set<string>();
    const pending = [start];
    while (pending.length > 0) {
      const id = pending.pop()!;
      if (all.has(id)) continue;
      all.add(id);
      const info = graph.getModuleInfo(id);
      if (info) pending.push(...info.importers, ...info.importedIds, ...info.dynamicallyImportedIds);
    }
    // A layout (a route file with a folder of the same name) is part of every page under it.
    const routeFiles = [...all].filter((id) => SPLIT.test(id)).map((id) => id.replace(SPLIT, ''));
    const isLayout = (id: string) => {
      const folder = `${id.replace(SPLIT, '').replace(/\.tsx$/, '')}${sep}`;
      return routeFiles.some((file) => file.startsWith(folder));
    };
    const found = new Map<string, Set<Area>>();
    const mark = (root: string, area: Area) => {
      const layout = area === 'member' && isLayout(root);
      const queue = [root];
      const seen = new Set<string>();
      while (queue.length > 0) {
        const id = queue.pop()!;
        if (seen.has(id)) continue;
        seen.add(id);
        const marks = found.get(id) ?? new Set<Area>();
        marks.add(area);
        found.set(id, marks);
        if (area === 'member') memberPages.set(id, (memberPages.get(id) ?? new Set()).add(layout ? '*' : root));
        queue.push(...(graph.getModuleInfo(id)?.importedIds ?? []));
      }
    };
    for (const id of all) {
      if (graph.getModuleInfo(id)?.isEntry) mark(id, 'first');
      const area = routeArea(id);
      if (area) mark(id, area);
    }
    const importersOf = new Map<string, string[]>();
    for (const id of all) {
      for (const target of graph.getModuleInfo(id)?.importedIds ?? []) {
        const importers = importersOf.get(target);
        if (importers) importers.push(id);
        else importersOf.set(target, [id]);
      }
    }
    const formQueue = [...all].filter((id) => FORM_LIBRARIES.test(id));
    while (formQueue.length > 0) {
      const id = formQueue.pop()!;
      if (withForms.has(id)) continue;
      withForms.add(id);
      formQueue.push(...(importersOf.get(id) ?? []));
    }
    const pageCount = [...all].filter((id) => routeArea(id) === 'member' && !isLayout(id)).length;
    fewPages = Math.max(1, Math.floor(pageCount / 5));
    return found;
  }

  return (id: string, graph: ModuleGraph): string | undefined => {
    areas ??= mapAreas(id, graph);
    if (QUERY_HOOKS.test(id)) return 'pages';
    if (SHARED.test(id)) return undefined;
    const marks = areas.get(id);
    if (!marks || marks.has('first')) return undefined;
    const member = marks.has('member');
    const auth = marks.has('auth');
    const forms = withForms.has(id);
    if (member && auth) return forms ? 'forms' : 'pages';
    const pages = memberPages.get(id)!;
    if (member && marks.size === 1 && !pages.has('*') && pages.size <= fewPages) return undefined;
    if (member) return forms ? 'member-forms' : 'member';
    if (auth) return 'auth';
    return undefined;
  };
}

/**
 * Fails the build when chunks import each other in a circle (a ↔ b, or longer): which of them runs
 * first is then not what their code expects. Grouping modules by hand can make such a circle.
 */
export function noChunkCycles(): Plugin {
  return {
    name: 'orchard-no-chunk-cycles',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = chunksOf(bundle);
      const state = new Map<string, 'open' | 'done'>();
      const visit = (file: string, path: string[]): void => {
        if (state.get(file) === 'done') return;
        if (state.get(file) === 'open') {
          this.error(`chunks import each other: ${[...path.slice(path.indexOf(file)), file].join(' → ')}`);
        }
        state.set(file, 'open');
        for (const next of chunks.get(file)?.imports ?? []) visit(next, [...path, file]);
        state.set(file, 'done');
      };
      for (const file of chunks.keys()) visit(file, []);
    },
  };
}
