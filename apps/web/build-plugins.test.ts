import { describe, expect, it } from 'vitest';
import { chunkGroups, noChunkCycles } from './chunk-groups';
import { routePattern } from './route-preloads';

describe('routePattern', () => {
  it('drops pathless folders and index, keeps dynamic segments', () => {
    expect(routePattern('_default/_app/home')).toBe('/home');
    expect(routePattern('_default/_app/plan/$id')).toBe('/plan/$id');
    expect(routePattern('_default/_app/plan/index')).toBe('/plan');
    expect(routePattern('_auth/index')).toBe('/');
    expect(routePattern('_default/_app/team/level_three')).toBe('/team/level_three');
    expect(routePattern('admin/members/$id')).toBe('/admin/members/$id');
  });
});

/** A module graph as rolldown describes it: id → static imports (and dynamic ones). */
function graphOf(modules: Record<string, { imports?: string[]; dynamic?: string[]; entry?: boolean }>) {
  const importers = new Map<string, string[]>();
  for (const [id, module] of Object.entries(modules)) {
    for (const target of [...(module.imports ?? []), ...(module.dynamic ?? [])])
      importers.set(target, [...(importers.get(target) ?? []), id]);
  }
  return {
    getModuleInfo: (id: string) =>
      modules[id]
        ? {
            importedIds: modules[id].imports ?? [],
            dynamicallyImportedIds: modules[id].dynamic ?? [],
            importers: importers.get(id) ?? [],
            isEntry: modules[id].entry ?? false,
          }
        : null,
  };
}

const ROOT = '/app/apps/web/src';
const split = (route: string) => `${ROOT}/routes/${route}.tsx?tsr-split=component---loader`;

describe('chunkGroups', () => {
  const modules = {
    [`${ROOT}/main.tsx`]: {
      entry: true,
      imports: [`${ROOT}/lib/i18n.ts`],
      dynamic: [split('_auth/index'), split('_auth/register'), split('_default/_app/home'), split('admin/index')],
    },
    [`${ROOT}/lib/i18n.ts`]: {},
    [split('_auth/index')]: { imports: [`${ROOT}/components/ui/button.tsx`] },
    [`${ROOT}/components/ui/button.tsx`]: { imports: [`${ROOT}/lib/i18n.ts`] },
    [split('_auth/register')]: {
      imports: [`${ROOT}/components/ui/form.tsx`, `${ROOT}/components/ui/card.tsx`, `${ROOT}/features/accounts/register-page.tsx`],
    },
    [`${ROOT}/components/ui/card.tsx`]: {},
    [`${ROOT}/features/accounts/register-page.tsx`]: { imports: ['/app/packages/shared/src/index.ts'] },
    [`${ROOT}/components/ui/form.tsx`]: { imports: [`${ROOT}/components/ui/button.tsx`, '/app/node_modules/zod/v4/core/core.js'] },
    [split('_default/_app/home')]: {
      imports: [
        `${ROOT}/components/ui/form.tsx`,
        `${ROOT}/components/ui/card.tsx`,
        `${ROOT}/features/wallet/home-page.tsx`,
        `${ROOT}/features/wallet/recharge-form.tsx`,
      ],
      dynamic: [`${ROOT}/components/ui/toaster.tsx`],
    },
    [`${ROOT}/features/wallet/home-page.tsx`]: {
      imports: ['/app/node_modules/@tanstack/react-query/build/modern/useQuery.js', '/app/packages/shared/src/money.ts'],
    },
    [`${ROOT}/features/wallet/recharge-form.tsx`]: { imports: ['/app/packages/shared/src/index.ts'] },
    '/app/packages/shared/src/money.ts': {},
    [`${ROOT}/components/ui/toaster.tsx`]: {},
    [split('admin/index')]: {
      imports: [
        `${ROOT}/features/admin/console-page.tsx`,
        `${ROOT}/features/wallet/home-page.tsx`,
        `${ROOT}/features/wallet/recharge-form.tsx`,
      ],
    },
    [`${ROOT}/features/admin/console-page.tsx`]: {},
    '/app/packages/shared/src/index.ts': { imports: ['/app/packages/shared/src/contracts/wallet.ts'] },
    '/app/packages/shared/src/contracts/wallet.ts': { imports: ['/app/node_modules/zod/v4/core/core.js'] },
    '/app/node_modules/zod/v4/core/core.js': {},
    '/app/node_modules/@tanstack/react-query/build/modern/useQuery.js': {},
  };
  const group = (id: string) => chunkGroups()(id, graphOf(modules));

  it('leaves what the first load of / uses where the bundler puts it', () => {
    expect(group(`${ROOT}/main.tsx`)).toBeUndefined();
    expect(group(split('_auth/index'))).toBeUndefined();
    expect(group(`${ROOT}/components/ui/button.tsx`)).toBeUndefined();
  });

  it('groups the other sign-in pages, the members’ pages, and what both use', () => {
    expect(group(split('_auth/register'))).toBe('auth');
    expect(group(`${ROOT}/features/accounts/register-page.tsx`)).toBe('auth');
    expect(group(`${ROOT}/components/ui/card.tsx`)).toBe('pages');
    // What imports a form library (here zod), directly or through the contracts, apart.
    expect(group(`${ROOT}/components/ui/form.tsx`)).toBe('forms');
    expect(group('/app/node_modules/@tanstack/react-query/build/modern/useQuery.js')).toBe('pages');
  });

  it('leaves what only a few members’ pages use with them, and groups what many use or their layout uses', () => {
    // Ten pages under a layout: a module of one page, or of two (a fifth), stays with its pages.
    const pages = Array.from({ length: 10 }, (_, index) => `_default/_app/page${index}`);
    const graph = graphOf({
      [`${ROOT}/main.tsx`]: { entry: true, dynamic: [split('_default/_app'), ...pages.map(split)] },
      [split('_default/_app')]: { imports: [`${ROOT}/components/layouts/app-layout.tsx`] },
      [`${ROOT}/components/layouts/app-layout.tsx`]: {},
      [`${ROOT}/features/three.tsx`]: {},
      ...Object.fromEntries(pages.map((_, index) => [`${ROOT}/features/page${index}.tsx`, {}])),
      ...Object.fromEntries(pages.map((_, index) => [`${ROOT}/features/pair${Math.floor(index / 2)}.tsx`, {}])),
      ...Object.fromEntries(
        pages.map((page, index) => [
          split(page),
          {
            imports: [
              `${ROOT}/features/page${index}.tsx`,
              `${ROOT}/features/pair${Math.floor(index / 2)}.tsx`,
              ...(index < 3 ? [`${ROOT}/features/three.tsx`] : []),
            ],
          },
        ]),
      ),
    });
    const groupIn = (id: string) => chunkGroups()(id, graph);
    expect(groupIn(split('_default/_app/page4'))).toBeUndefined();
    expect(groupIn(`${ROOT}/features/page4.tsx`)).toBeUndefined();
    expect(groupIn(`${ROOT}/features/pair2.tsx`)).toBeUndefined();
    expect(groupIn(`${ROOT}/features/three.tsx`)).toBe('member');
    expect(groupIn(`${ROOT}/components/layouts/app-layout.tsx`)).toBe('member');
  });

  it('gives the console, the shared package, zod and what loads on demand the default split', () => {
    expect(group(split('admin/index'))).toBeUndefined();
    expect(group(`${ROOT}/features/admin/console-page.tsx`)).toBeUndefined();
    // Used by the console and by members: grouped with the members' pages.
    expect(group(`${ROOT}/features/wallet/home-page.tsx`)).toBe('member');
    expect(group(`${ROOT}/features/wallet/recharge-form.tsx`)).toBe('member-forms');
    expect(group('/app/packages/shared/src/contracts/wallet.ts')).toBeUndefined();
    expect(group('/app/node_modules/zod/v4/core/core.js')).toBeUndefined();
    expect(group(`${ROOT}/components/ui/toaster.tsx`)).toBeUndefined();
  });
});

describe('noChunkCycles', () => {
  function check(imports: Record<string, string[]>) {
    const bundle = Object.fromEntries(
      Object.entries(imports).map(([fileName, list]) => [fileName, { type: 'chunk', fileName, imports: list }]),
    );
    const hook = noChunkCycles().generateBundle as (this: unknown, options: unknown, bundle: unknown) => void;
    hook.call(
      {
        error: (message: string) => {
          throw new Error(message);
        },
      },
      {},
      bundle,
    );
  }

  it('passes chunks that import in one direction', () => {
    expect(() =>
      check({ 'index.js': ['router.js'], 'member.js': ['index.js', 'pages.js'], 'pages.js': ['index.js'], 'router.js': [] }),
    ).not.toThrow();
  });

  it('fails on chunks that import each other, naming the circle', () => {
    expect(() => check({ 'pages.js': ['accounts.js'], 'accounts.js': ['money.js'], 'money.js': ['pages.js'] })).toThrow(
      'chunks import each other: pages.js → accounts.js → money.js → pages.js',
    );
  });
});
