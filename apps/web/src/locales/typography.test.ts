import { describe, expect, it } from 'vitest';
import { englishNamespaces, type MessageTree } from '../lib/i18n';
import { errorMessagesEn } from './errors';
import esConsole from './es/console-bundle';
import es from './es/index';
import zhConsole from './zh/console-bundle';
import zh from './zh/index';

/*
 * Typography of every text, in each language's own way: English writes curly quotes and
 * apostrophes (’ “ ”), never straight ones beside them; Chinese writes full-width punctuation
 * (？！，：；) after Chinese text; and no text glues a figure to a "%" itself — percentages are
 * formatted by Intl (lib/format.ts formatPercent: "10%" in English, "10 %" in Spanish).
 */

import.meta.glob(
  ['../features/*/messages.ts', '../features/accounts/sign-in-messages.ts', '../components/ui/messages.ts', '../components/ui/console.tsx'],
  { eager: true },
);

function leaves(tree: unknown, prefix = ''): Array<[string, string]> {
  return Object.entries(tree as Record<string, unknown>).flatMap(([key, value]) =>
    typeof value === 'string' ? [[`${prefix}${key}`, value] as [string, string]] : leaves(value, `${prefix}${key}.`),
  );
}

const english = [...englishNamespaces()].flatMap(([namespace, tree]: [string, MessageTree]) => leaves(tree, `${namespace}.`));
english.push(...leaves(errorMessagesEn, 'errors.'));
const spanish = leaves({ ...es, ...esConsole });
const chinese = leaves({ ...zh, ...zhConsole });

/** A straight quote or apostrophe; a `'` between two ASCII letters of a code-like token is none of ours either. */
const STRAIGHT = /['"]/;
const HALF_WIDTH_AFTER_HAN = /\p{Script=Han}[?!,:;]/u;
const GLUED_PERCENT = /\}\}\s?%/;
/** English writes no space between a figure and "%" ("50%"); Spanish does ("50 %"), and Intl knows it. */
const ENGLISH_SPACED_PERCENT = /\d\s%/;

describe('typography in every language', () => {
  it('English writes curly quotes and apostrophes only', () => {
    expect(english.length).toBeGreaterThan(500);
    expect(english.filter(([, text]) => STRAIGHT.test(text))).toEqual([]);
  });

  it('Chinese writes full-width punctuation after Chinese text', () => {
    expect(chinese.length).toBeGreaterThan(500);
    expect(chinese.filter(([, text]) => HALF_WIDTH_AFTER_HAN.test(text))).toEqual([]);
  });

  it('no text puts "%" after a figure itself: Intl formats percentages in each language’s way', () => {
    expect([...english, ...spanish, ...chinese].filter(([, text]) => GLUED_PERCENT.test(text))).toEqual([]);
    expect(english.filter(([, text]) => ENGLISH_SPACED_PERCENT.test(text))).toEqual([]);
  });

  it('the checks catch what they look for', () => {
    expect(STRAIGHT.test("Don't")).toBe(true);
    expect(STRAIGHT.test('Don’t')).toBe(false);
    expect(HALF_WIDTH_AFTER_HAN.test('有兑换码?')).toBe(true);
    expect(HALF_WIDTH_AFTER_HAN.test('有兑换码？')).toBe(false);
    expect(GLUED_PERCENT.test('{{percent}} % off')).toBe(true);
    expect(GLUED_PERCENT.test('立减{{percent}}%')).toBe(true);
    expect(GLUED_PERCENT.test('{{percent}} off')).toBe(false);
    expect(ENGLISH_SPACED_PERCENT.test('at most 50 %')).toBe(true);
    expect(ENGLISH_SPACED_PERCENT.test('at most 50%')).toBe(false);
  });
});
