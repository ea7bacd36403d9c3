import { useSyncExternalStore } from 'react';

/**
 * docs/product.md T1/T2. public/theme-init.js applies the same rule before first paint: the stored
 * preference (THEME_STORAGE_KEY; no storage: the OS setting decides), or the OS setting, decides
 * whether <html> starts dark. It is written small by hand (it is part of every first load and no
 * build step touches public/): keep its key and values in step with this file.
 */
export type ThemePreference = 'light' | 'dark' | 'system';
export type ThemeMode = 'light' | 'dark';
const THEME_STORAGE_KEY = 'orchard:theme';
export const THEME_PREFERENCES: readonly ThemePreference[] = ['light', 'dark', 'system'];

export function resolveThemeMode(preference: ThemePreference, systemPrefersDark: boolean, forced?: ThemeMode): ThemeMode {
  if (forced) return forced;
  if (preference === 'system') return systemPrefersDark ? 'dark' : 'light';
  return preference;
}

function readStoredPreference(): ThemePreference {
  try {
    const stored = localStorage.getItem(THEME_STORAGE_KEY);
    return stored === 'light' || stored === 'dark' || stored === 'system' ? stored : 'system';
  } catch {
    return 'system';
  }
}

const darkQuery = () => window.matchMedia('(prefers-color-scheme: dark)');

interface ThemeSnapshot {
  preference: ThemePreference;
  systemPrefersDark: boolean;
}

let snapshot: ThemeSnapshot | undefined;
const listeners = new Set<() => void>();

function getSnapshot(): ThemeSnapshot {
  snapshot ??= { preference: readStoredPreference(), systemPrefersDark: darkQuery().matches };
  return snapshot;
}

function emit(next: ThemeSnapshot) {
  snapshot = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const query = darkQuery();
  const onSystemChange = (event: MediaQueryListEvent) => emit({ ...getSnapshot(), systemPrefersDark: event.matches });
  // "System" follows the OS live; another tab changing the preference applies here too.
  const onStorage = (event: StorageEvent) => {
    if (event.key === THEME_STORAGE_KEY) emit({ ...getSnapshot(), preference: readStoredPreference() });
  };
  query.addEventListener('change', onSystemChange);
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    query.removeEventListener('change', onSystemChange);
    window.removeEventListener('storage', onStorage);
  };
}

export function setThemePreference(preference: ThemePreference): void {
  try {
    localStorage.setItem(THEME_STORAGE_KEY, preference);
  } catch {
    // Not remembered on this device, but still applied for this visit.
  }
  emit({ ...getSnapshot(), preference });
}

export function applyThemeMode(mode: ThemeMode, preference: ThemePreference, root: HTMLElement = document.documentElement): void {
  root.classList.toggle('dark', mode === 'dark');
  root.style.colorScheme = mode;
  root.dataset.themePreference = preference;
  root.dataset.theme = mode;
}

export function useThemeState(): ThemeSnapshot {
  return useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
}
