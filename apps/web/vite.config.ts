import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { chunkGroups, noChunkCycles } from './chunk-groups.ts';
import { offlinePage } from './offline-page.ts';
import { precompress } from './precompress.ts';
import { routePreloads } from './route-preloads.ts';

const buildId = `${new Date()
  .toISOString()
  .replace(/[-:T.Z]/g, '')
  .slice(0, 14)}-${Math.random().toString(36).slice(2, 8)}`;

/**
 * docs/product.md C2: every build publishes builds/latest.json ({ id, timestamp }) and
 * builds/meta/<id>.json; the running app polls latest.json to learn of a newer build.
 */
function buildMetadata(): Plugin {
  let outDir = 'dist';
  return {
    name: 'orchard-build-metadata',
    apply: 'build',
    configResolved(config) {
      outDir = join(config.root, config.build.outDir);
    },
    closeBundle() {
      const timestamp = Date.now();
      mkdirSync(join(outDir, 'builds', 'meta'), { recursive: true });
      writeFileSync(join(outDir, 'builds', 'latest.json'), JSON.stringify({ id: buildId, timestamp }));
      writeFileSync(
        join(outDir, 'builds', 'meta', `${buildId}.json`),
        JSON.stringify({ id: buildId, timestamp, matcher: { static: {}, wildcard: {}, dynamic: {} }, prerendered: [] }),
      );
    },
  };
}

/** In development the API server is not serving the shell, so put the default config in. */
function devConfigMeta(): Plugin {
  return {
    name: 'orchard-dev-config',
    apply: 'serve',
    transformIndexHtml(html) {
      const config = JSON.stringify({ appName: 'Orchard', apiBaseUrl: '/api/v1', currency: 'USD', buildId: 'dev' }).replaceAll(
        '"',
        '&quot;',
      );
      return html.replace('<!--orchard-config-->', `<meta name="orchard-config" content="${config}">`);
    },
  };
}

const pageGroup = chunkGroups();

export default defineConfig({
  plugins: [
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      // A route's loader travels with its page's code (one chunk, fetched once), not in the first
      // bundle's route tree; declared once here rather than on every route.
      codeSplittingOptions: { defaultBehavior: [['loader', 'component'], ['errorComponent'], ['notFoundComponent'], ['pendingComponent']] },
      routesDirectory: './src/routes',
      generatedRouteTree: './src/routeTree.gen.ts',
    }),
    react(),
    tailwindcss(),
    buildMetadata(),
    routePreloads(),
    noChunkCycles(),
    devConfigMeta(),
    offlinePage(),
    // Installable app (issue: reach): the manifest, and a service worker that precaches the shell and
    // the members' pages, answers navigations from the network (the shell carries the run-time
    // config, C1) with an offline page when there is none, and never touches /api/ (no route for it).
    VitePWA({
      strategies: 'generateSW',
      injectRegister: false,
      registerType: 'autoUpdate',
      manifestFilename: 'manifest.webmanifest',
      manifest: {
        name: 'Orchard',
        short_name: 'Orchard',
        description: 'Your wallet, plans and team.',
        start_url: '/home',
        scope: '/',
        display: 'standalone',
        background_color: '#f9fafb',
        theme_color: '#16a34a',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      workbox: {
        globPatterns: ['assets/**/*.{js,css}', 'favicon.svg', 'theme-init.js', 'offline.html', 'icons/icon-192.png'],
        // The console's chunks stay out: members' phones do not download the operators' pages. So do
        // the languages: a phone keeps the one it speaks (cached at run time, below), not all three.
        globIgnores: ['assets/admin*', 'assets/console*', 'assets/uPlot*', 'assets/uplot*', 'assets/es-*', 'assets/zh-*'],
        navigateFallback: null,
        runtimeCaching: [
          {
            // A language's chunk, once fetched, is there offline (hashed names: never stale).
            urlPattern: /\/assets\/(es|zh)-[\w-]+\.js$/,
            handler: 'CacheFirst',
            options: { cacheName: 'orchard-languages', expiration: { maxEntries: 6 } },
          },
          {
            urlPattern: ({ request }) => request.mode === 'navigate',
            handler: 'NetworkOnly',
            options: { precacheFallback: { fallbackURL: '/offline.html' } },
          },
        ],
        // A new build's worker takes over at once; pages learn of the build from C2's check.
        skipWaiting: true,
        clientsClaim: true,
        cleanupOutdatedCaches: true,
      },
    }),
    // Last: the service worker and every other file are written by now.
    precompress(),
  ],
  define: { __BUILD_ID__: JSON.stringify(buildId) },
  resolve: {
    alias: [
      { find: /^@\//, replacement: `${resolve(import.meta.dirname, 'src')}/` },
      // React 19 has useSyncExternalStore built in; the shim only adds bytes to the first load.
      {
        find: /^use-sync-external-store\/shim(\/index\.js)?$/,
        replacement: resolve(import.meta.dirname, 'src/lib/use-sync-external-store-shim.ts'),
      },
    ],
  },
  server: { port: 5173, proxy: { '/api': 'http://127.0.0.1:3000' } },
  build: {
    target: 'es2022',
    sourcemap: true,
    reportCompressedSize: false,
    // Every browser that runs es2022 code except Safari 16 supports <link rel="modulepreload">;
    // there the hints are only ignored (chunks still load). The polyfill cost 0.35 KB gzip of the
    // first load on every phone.
    // Console routes (their chunks import components/ui/console.tsx) carry no preload list in the
    // first bundle's route table: operators on laptops fetch a page's dependencies as its chunk asks
    // for them (intent preloading starts that on hover). Keeps ~0.6 KB gzip out of the first load of /.
    rollupOptions: {
      output: {
        // The router and the small pieces every layout shares (logo, theme and language pickers,
        // controls, config, the animated outlet) in one chunk: every page needs them. Split across the
        // entry and small shared chunks (link, useMatch, useNavigate) the router cost ~2 KB gzip more on
        // the first load, and a separate chunk for the shared pieces ~0.7 KB more than this one.
        codeSplitting: {
          groups: [
            {
              debugName: 'router',
              name: (id) =>
                /node_modules\/@tanstack\/(react-router|router-core|history|react-store|store)\//.test(id) ||
                /\/src\/(components\/(logo|theme-switcher|language-picker|layouts\/animated-outlet|ui\/cn|ui\/controls)|lib\/config)\.tsx?$/.test(
                  id,
                )
                  ? 'router'
                  : null,
            },
            // The pages' modules in a few chunks rather than dozens (apps/web/chunk-groups.ts). Only the
            // modules named: their imports stay where they are (the first load's in the entry).
            { debugName: 'pages', name: (id, graph) => pageGroup(id, graph) ?? null, includeDependenciesRecursively: false },
          ],
        },
      },
    },
    modulePreload: {
      polyfill: false,
      resolveDependencies: (_url, deps) => (deps.some((dep) => /(^|\/)console-[\w-]{8}\.js$/.test(dep)) ? [] : deps),
    },
  },
});
