import { useEffect } from 'react';
import { useMatches } from '@tanstack/react-router';
import { applyThemeMode, resolveThemeMode, useThemeState } from '../lib/theme';

/** Applies the theme: a page's forced mode (route staticData.forceTheme) wins over the preference. */
export function ThemeController() {
  const { preference, systemPrefersDark } = useThemeState();
  const forced = useMatches({
    select: (matches) => [...matches].reverse().find((match) => match.staticData?.forceTheme)?.staticData.forceTheme,
  });
  const mode = resolveThemeMode(preference, systemPrefersDark, forced);
  useEffect(() => {
    applyThemeMode(mode, preference);
  }, [mode, preference]);
  return null;
}
