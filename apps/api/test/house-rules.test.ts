import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { ESLint } from 'eslint';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/*
 * The house rules bite: `npm test` runs `npm run lint`, which fails on what ESLint or knip report.
 * Each case plants a violation where the build looks and checks that it is named: a module reached
 * past another's index.ts, a 401-line file and an 81-line function (ESLint's own configuration,
 * through its Node API, on text that never touches the disk), and an unused export (the lint's own
 * knip runner, scripts/knip.mjs, on a small workspace in a temporary folder).
 */

const ROOT = join(import.meta.dirname, '../../..');
const SLOW = 120_000;

let eslint: ESLint;
beforeAll(() => {
  eslint = new ESLint({ cwd: ROOT });
});

async function ruleIds(text: string, file: string): Promise<Array<string | null>> {
  const [result] = await eslint.lintText(text, { filePath: join(ROOT, file) });
  return result!.messages.map((message) => message.ruleId);
}

describe('ESLint', () => {
  // Any file of the wallet module but its front door (the module's files move; the rule does not).
  const inner = readdirSync(join(ROOT, 'apps/api/src/modules/wallet')).find((name) => name.endsWith('.ts') && name !== 'index.ts');
  const planted = 'apps/api/src/modules/plans/planted-import.ts';

  it(
    'fails a module that imports another module past its index.ts',
    async () => {
      expect(inner).toBeDefined();
      const text = `import * as wallet from '../wallet/${inner!.replace(/\.ts$/, '')}';\nexport const planted = wallet;\n`;
      expect(await ruleIds(text, planted)).toContain('import-x/no-restricted-paths');
    },
    SLOW,
  );

  it(
    'lets the same module in through its front door',
    async () => {
      const text = `import * as wallet from '../wallet';\nexport const planted = wallet;\n`;
      expect(await ruleIds(text, planted)).not.toContain('import-x/no-restricted-paths');
    },
    SLOW,
  );

  it(
    'fails a source file of 401 lines and passes one of 400',
    async () => {
      const lines = (count: number) =>
        Array.from({ length: count }, (_, index) => `export const line${index} = ${index};`).join('\n') + '\n';
      expect(await ruleIds(lines(401), 'apps/web/src/lib/planted-size.ts')).toContain('max-lines');
      expect(await ruleIds(lines(400), 'apps/web/src/lib/planted-size.ts')).not.toContain('max-lines');
    },
    SLOW,
  );

  it(
    'fails a function of 81 lines',
    async () => {
      const body = Array.from({ length: 79 }, (_, index) => `  const value${index} = ${index};`).join('\n');
      const text = `export function planted() {\n${body}\n}\n`;
      expect(await ruleIds(text, 'apps/api/src/lib/planted-size.ts')).toContain('max-lines-per-function');
    },
    SLOW,
  );
});

describe('knip', () => {
  let fixture: string;
  const write = (path: string, text: string) => {
    mkdirSync(dirname(join(fixture, path)), { recursive: true });
    writeFileSync(join(fixture, path), text);
  };
  // The workspaces the lint checks, each a package of the fixture: a used and an unused export.
  beforeAll(() => {
    fixture = mkdtempSync(join(tmpdir(), 'orchard-knip-'));
    write('package.json', JSON.stringify({ name: 'fixture', private: true, type: 'module', workspaces: ['apps/*', 'packages/*'] }));
    write('knip.json', JSON.stringify({ workspaces: { '.': {}, 'apps/web': { entry: ['src/main.ts'] }, 'packages/shared': {} } }));
    write('apps/web/package.json', JSON.stringify({ name: '@fixture/web', private: true, type: 'module' }));
    write('apps/web/src/main.ts', "import { used } from './lib';\nconsole.log(used);\n");
    write(
      'packages/shared/package.json',
      JSON.stringify({ name: '@fixture/shared', private: true, type: 'module', exports: { '.': './src/index.ts' } }),
    );
    write('packages/shared/src/index.ts', 'export const shared = 1;\n');
  });
  afterAll(() => rmSync(fixture, { recursive: true, force: true }));

  const knip = () => spawnSync('node', ['scripts/knip.mjs', '--directory', fixture], { cwd: ROOT, encoding: 'utf8' });

  it(
    'fails on an unused export, and passes once it is gone',
    () => {
      write('apps/web/src/lib.ts', 'export const used = 1;\nexport const plantedUnused = 2;\n');
      const planted = knip();
      expect(planted.status, planted.stderr).toBe(1);
      expect(planted.stdout).toMatch(/Unused exports[\s\S]*plantedUnused/);

      write('apps/web/src/lib.ts', 'export const used = 1;\n');
      const clean = knip();
      expect(clean.status, `${clean.stdout}\n${clean.stderr}`).toBe(0);
    },
    SLOW,
  );
});
