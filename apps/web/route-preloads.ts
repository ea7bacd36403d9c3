import { existsSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import type { Plugin } from 'vite';
import { chunksOf } from './chunk-groups.ts';

/** Written beside index.html; the server reads it (apps/api/src/plugins/web.ts). */
export const ROUTE_PRELOADS_FILE = 'route-preloads.json';

/** For each page's path pattern (`/plan/$id`), the files its first render needs beyond the entry's. */
export interface RoutePreloads {
  [pattern: string]: { scripts: string[]; styles: string[] };
}

const SPLIT = /^(.*)\?tsr-split=(.*)$/;

/**
 * A page's path pattern from its route file: pathless folders and files (`_app`) drop out,
 * `index` is the folder itself. `_default/_app/plan/$id` → `/plan/$id`, `_auth/index` → `/`.
 */
export function routePattern(routeFile: string): string {
  const parts = routeFile.split('/').filter((part) => !part.startsWith('_') && part !== 'index');
  return `/${parts.join('/')}`;
}

/** The route files a page renders, outermost first: `a/b/c` → `a`, `a/b`, `a/b/c`. */
function routeChain(routeFile: string): string[] {
  const parts = routeFile.split('/');
  return parts.map((_, index) => parts.slice(0, index + 1).join('/'));
}

/**
 * Without help, a page's code arrives in steps: the document, then the entry, which asks for the
 * route's chunks, whose imports are only then fetched. Under a slow mobile network each step
 * is another round trip before anything paints. This lists, for every page, the chunks (and
 * their styles) of its route files' components and loaders with everything they import, less
 * what the entry already loads, so the server can name them in the page's shell and the browser
 * fetches them alongside the entry.
 */
export function routePreloads(): Plugin {
  let routesDir = '';
  return {
    name: 'orchard-route-preloads',
    apply: 'build',
    configResolved(config) {
      routesDir = resolve(config.root, 'src/routes');
    },
    generateBundle(_options, bundle) {
      const chunks = chunksOf(bundle);

      const closure = (start: Iterable<string>, into = new Set<string>()) => {
        const pending = [...start];
        while (pending.length > 0) {
          const file = pending.shift()!;
          if (into.has(file)) continue;
          into.add(file);
          pending.push(...(chunks.get(file)?.imports ?? []));
        }
        return into;
      };
      const initial = closure([...chunks.values()].filter((chunk) => chunk.isEntry).map((chunk) => chunk.fileName));

      // Route file (relative to src/routes, no extension) → the chunks holding its component and loader.
      const pageChunks = new Map<string, string[]>();
      for (const chunk of chunks.values()) {
        for (const id of chunk.moduleIds) {
          const split = SPLIT.exec(id);
          if (!split || !split[2]!.split('---').some((part) => part === 'component' || part === 'loader')) continue;
          const file = relative(routesDir, split[1]!).replace(/\.tsx?$/, '');
          if (file.startsWith('..')) continue;
          pageChunks.set(file, [...new Set([...(pageChunks.get(file) ?? []), chunk.fileName])]);
        }
      }

      const preloads: RoutePreloads = {};
      for (const file of pageChunks.keys()) {
        // A layout file (`admin.tsx` beside `admin/`) is not a page of its own.
        if (existsSync(join(routesDir, file))) continue;
        // The sign-in page's own code is 2 KB, there before the session probe answers anyway; named
        // in the shell, it only made the page's first render one task with the router's work
        // (105 ms against 61 ms on this machine, four times that for Lighthouse's phone).
        if (routePattern(file) === '/') continue;
        const roots = routeChain(file).flatMap((link) => pageChunks.get(link) ?? []);
        const scripts = [...closure(roots)].filter((name) => !initial.has(name));
        const styles = new Set<string>();
        for (const name of scripts) for (const css of chunks.get(name)?.viteMetadata?.importedCss ?? []) styles.add(css);
        preloads[routePattern(file)] = { scripts, styles: [...styles] };
      }
      this.emitFile({ type: 'asset', fileName: ROUTE_PRELOADS_FILE, source: JSON.stringify(preloads) });
    },
  };
}
