import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { englishNamespaces, LOCALES, type MessageTree } from '../lib/i18n';
import type { ConsoleLanguageBundle, LanguageBundle } from './bundle';
import { errorMessagesEn } from './errors';
import esConsole from './es/console-bundle';
import es from './es/index';
import zhConsole from './zh/console-bundle';
import zh from './zh/index';

/*
 * Every language says everything (issue 16, docs/decisions/0021): each bundle has exactly the
 * English keys of every namespace, each message with the English placeholders; and no English key
 * is left that no code uses.
 */

// Every namespace module, so each has registered its English catalogue.
import.meta.glob(
  [
    '../features/*/messages.ts',
    '../features/accounts/sign-in-messages.ts',
    '../features/content/earnings-messages.ts',
    '../components/ui/messages.ts',
    '../components/ui/console.tsx',
  ],
  {
    eager: true,
  },
);

const BUNDLES: Record<string, LanguageBundle & ConsoleLanguageBundle> = { es: { ...es, ...esConsole }, zh: { ...zh, ...zhConsole } };
const SRC = resolve(import.meta.dirname, '..');

function leaves(tree: unknown, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree as Record<string, unknown>)) {
    if (typeof value === 'string') out.set(`${prefix}${key}`, value);
    else for (const [inner, text] of leaves(value, `${prefix}${key}.`)) out.set(inner, text);
  }
  return out;
}

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((match) => match[1]).sort();

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'locales' ? [] : sourceFiles(path);
    return /\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name) && name !== 'routeTree.gen.ts' ? [path] : [];
  });
}

function namespaceProblems(english: MessageTree, translated: unknown): string[] {
  const source = leaves(english);
  const target = leaves(translated ?? {});
  const problems: string[] = [];
  for (const [key, text] of source) {
    const other = target.get(key);
    if (other === undefined) problems.push(`missing ${key}`);
    else if (other.trim() === '') problems.push(`empty ${key}`);
    else if (placeholders(other).join() !== placeholders(text).join()) problems.push(`placeholders of ${key}: ${other}`);
  }
  for (const key of target.keys()) if (!source.has(key)) problems.push(`extra ${key}`);
  return problems;
}

describe('language catalogues', () => {
  const namespaces = englishNamespaces();

  it('finds every namespace', () => {
    expect([...namespaces.keys()].sort()).toEqual(
      Object.keys(BUNDLES.es!)
        .filter((key) => !['dayjs', 'translateText', 'errors'].includes(key))
        .sort(),
    );
    expect(LOCALES).toEqual(['en', ...Object.keys(BUNDLES)]);
  });

  for (const [language, bundle] of Object.entries(BUNDLES)) {
    it(`${language}: every namespace has exactly the English keys, each with its placeholders`, () => {
      const problems: string[] = [];
      for (const [namespace, english] of namespaces) {
        for (const problem of namespaceProblems(english, (bundle as unknown as Record<string, unknown>)[namespace]))
          problems.push(`${namespace}: ${problem}`);
      }
      for (const problem of namespaceProblems(errorMessagesEn as unknown as MessageTree, bundle.errors))
        problems.push(`errors: ${problem}`);
      expect(problems).toEqual([]);
    });
  }

  it('the check catches a missing key, an extra key and a lost placeholder', () => {
    const english = { a: 'Hi {{name}}', b: { c: 'x' } };
    expect(namespaceProblems(english, { a: 'Hola', b: { c: 'y', d: 'z' } })).toEqual(['placeholders of a: Hola', 'extra b.d']);
    expect(namespaceProblems(english, { a: 'Hola {{name}}' })).toEqual(['missing b.c']);
  });

  it('every English key is used by the code of its namespace', () => {
    const files = sourceFiles(SRC);
    const texts = new Map(files.map((file) => [file, readFileSync(file, 'utf8')]));
    // Where each namespace is defined, and which files import that module.
    const moduleOf = new Map<string, string>([['common', join(SRC, 'lib/i18n.tsx')]]);
    for (const [file, text] of texts) {
      for (const match of text.matchAll(/defineMessages\('(\w+)'/g)) if (match[1] !== 'common') moduleOf.set(match[1]!, file);
    }
    const importers = (module: string) =>
      files.filter((file) => {
        if (file === module) return true;
        const text = texts.get(file)!;
        return [...text.matchAll(/from '((?:\.|@\/)[^']+)'/g)].some((match) => {
          const spec = match[1]!;
          const target = spec.startsWith('@/') ? join(SRC, spec.slice(2)) : resolve(dirname(file), spec);
          return module === target || module.replace(/\.tsx?$/, '') === target;
        });
      });
    const unused: string[] = [];
    for (const [namespace, english] of namespaces) {
      const module = moduleOf.get(namespace);
      expect(module, namespace).toBeDefined();
      const code = importers(module!)
        .map((file) => texts.get(file)!)
        .join('\n')
        // The catalogue's own object literal is not a use of its keys.
        .replace(/const en = \{[\s\S]*?\n\}( as const)?;/, '');
      const literals = new Set([...code.matchAll(/['"`]([\w.]+)['"`]/g)].map((match) => match[1]!));
      const prefixes = [...code.matchAll(/`([\w.]+)\.\$\{/g)].map((match) => `${match[1]!}.`);
      for (const key of leaves(english).keys()) {
        const base = key.replace(/_(zero|one|two|few|many|other)$/, '');
        const used = literals.has(base) || prefixes.some((prefix) => base.startsWith(prefix));
        if (!used) unused.push(`${namespace}: ${key}`);
      }
    }
    expect(unused).toEqual([]);
  });
});
