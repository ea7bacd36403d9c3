import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { en } from '../locales/en';
import { createTranslator, I18nProvider, useTranslation } from './i18n';

describe('i18n layer', () => {
  it('looks up nested keys and fills placeholders', () => {
    const t = createTranslator('en');
    expect(t('nav.home')).toBe('Home');
    expect(t('error.status', { status: 404 })).toBe('Error 404');
  });

  it('picks the plural form from count and falls back to the key when missing', () => {
    const catalogue = { ...en, test: { items_one: '{{count}} item', items_other: '{{count}} items' } } as unknown as typeof en;
    const t = createTranslator('en', catalogue);
    expect(t('test.items' as never, { count: 1 })).toBe('1 item');
    expect(t('test.items' as never, { count: 3 })).toBe('3 items');
    expect(t('no.such.key' as never)).toBe('no.such.key');
  });

  it('reaches components through the hook', () => {
    function Probe() {
      const { t } = useTranslation();
      return <p>{t('theme.dark')}</p>;
    }
    render(
      <I18nProvider>
        <Probe />
      </I18nProvider>,
    );
    expect(screen.getByText('Dark')).toBeTruthy();
  });
});
