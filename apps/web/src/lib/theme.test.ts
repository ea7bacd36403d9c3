import { describe, expect, it } from 'vitest';
import { applyThemeMode, resolveThemeMode } from './theme';

describe('theme (docs/product.md T1, T2)', () => {
  it('uses the preference, following the OS for "system"', () => {
    expect(resolveThemeMode('light', true)).toBe('light');
    expect(resolveThemeMode('dark', false)).toBe('dark');
    expect(resolveThemeMode('system', true)).toBe('dark');
    expect(resolveThemeMode('system', false)).toBe('light');
  });

  it('lets a page force a mode over any preference', () => {
    expect(resolveThemeMode('dark', true, 'light')).toBe('light');
    expect(resolveThemeMode('system', false, 'dark')).toBe('dark');
  });

  it('applies the mode to <html> as a class and colour scheme', () => {
    const root = document.createElement('html');
    applyThemeMode('dark', 'system', root);
    expect(root.classList.contains('dark')).toBe(true);
    expect(root.style.colorScheme).toBe('dark');
    expect(root.dataset.themePreference).toBe('system');
    applyThemeMode('light', 'light', root);
    expect(root.classList.contains('dark')).toBe(false);
  });
});
