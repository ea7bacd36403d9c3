import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import {
  createTranslator,
  defineMessages,
  I18nProvider,
  matchLocale,
  registerLanguage,
  setActiveLocaleValue,
  useTranslation,
} from './i18n';

const en = { greeting: 'Hello {{name}}', cart: { items_one: '{{count}} item', items_other: '{{count}} items' }, only: 'English only' };
const es = { greeting: 'Hola {{name}}', cart: { items_one: '{{count}} artículo', items_other: '{{count}} artículos' } };

afterEach(() => setActiveLocaleValue('en'));

describe('i18n layer', () => {
  it('looks up nested keys and fills placeholders', () => {
    const t = createTranslator(en, 'en');
    expect(t('greeting', { name: 'Ada' })).toBe('Hello Ada');
  });

  it('picks the plural form from count with the language’s rules', () => {
    const english = createTranslator(en, 'en');
    expect(english('cart.items', { count: 1 })).toBe('1 item');
    expect(english('cart.items', { count: 0 })).toBe('0 items');
    const french = createTranslator(en, 'fr-FR', { cart: { items_one: '{{count}} article', items_other: '{{count}} articles' } });
    // French treats 0 as singular.
    expect(french('cart.items', { count: 0 })).toBe('0 article');
    expect(french('cart.items', { count: 2 })).toBe('2 articles');
    // Chinese has one form: `other`.
    const chinese = createTranslator(en, 'zh', { cart: { items_one: '一件', items_other: '{{count}} 件' } });
    expect(chinese('cart.items', { count: 1 })).toBe('1 件');
  });

  it('falls back to English for a missing message, and to the key when English lacks it too', () => {
    const spanish = createTranslator(en, 'es', es);
    expect(spanish('only')).toBe('English only');
    expect(spanish('nope' as never)).toBe('nope');
  });

  it('matches a browser’s languages to ours by their primary subtag', () => {
    expect(matchLocale(['fr-FR', 'es-MX', 'en'])).toBe('es');
    expect(matchLocale(['zh-Hans-CN'])).toBe('zh');
    expect(matchLocale(['de', 'fr'])).toBeNull();
  });

  it('reaches components through namespace hooks, and every screen follows a change of language', () => {
    const useDemo = defineMessages('demo', { en });
    registerLanguage('es', { demo: es, common: { theme: { dark: 'Oscuro' } } });
    function Probe() {
      const { t } = useDemo();
      const { t: common } = useTranslation();
      return (
        <p>
          {t('greeting', { name: 'Lin' })} · {common('theme.dark')}
        </p>
      );
    }
    render(
      <I18nProvider>
        <Probe />
      </I18nProvider>,
    );
    expect(screen.getByText('Hello Lin · Dark')).toBeTruthy();
    act(() => setActiveLocaleValue('es'));
    expect(screen.getByText('Hola Lin · Oscuro')).toBeTruthy();
  });
});
