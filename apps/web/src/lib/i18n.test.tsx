import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createTranslator, defineMessages, I18nProvider, useTranslation } from './i18n';

const catalogues = {
  en: { greeting: 'Hello {{name}}', cart: { items_one: '{{count}} item', items_other: '{{count}} items' }, only: 'English only' },
  fr: { greeting: 'Bonjour {{name}}', cart: { items_one: '{{count}} article', items_other: '{{count}} articles' } },
};

describe('i18n layer', () => {
  it('looks up nested keys and fills placeholders', () => {
    const t = createTranslator(catalogues, 'en');
    expect(t('greeting', { name: 'Ada' })).toBe('Hello Ada');
  });

  it('picks the plural form from count with the language’s rules', () => {
    const en = createTranslator(catalogues, 'en');
    expect(en('cart.items', { count: 1 })).toBe('1 item');
    expect(en('cart.items', { count: 0 })).toBe('0 items');
    const fr = createTranslator(catalogues, 'fr-FR');
    // French treats 0 as singular.
    expect(fr('cart.items', { count: 0 })).toBe('0 article');
    expect(fr('cart.items', { count: 2 })).toBe('2 articles');
  });

  it('falls back to English for a missing message, and to the key when English lacks it too', () => {
    const fr = createTranslator(catalogues, 'fr');
    expect(fr('only')).toBe('English only');
    expect(fr('nope' as never)).toBe('nope');
  });

  it('reaches components through namespace hooks, in the provider’s language', () => {
    const useDemo = defineMessages(catalogues);
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
      <I18nProvider locale="fr">
        <Probe />
      </I18nProvider>,
    );
    expect(screen.getByText('Bonjour Lin · Dark')).toBeTruthy();
  });
});
