import { useEffect } from 'react';
import { applyTheme, nextTheme, useThemeStore } from './themeStore';

const LABELS = { system: 'Theme: system', light: 'Theme: light', dark: 'Theme: dark' } as const;
const ICONS = { system: '◐', light: '☀', dark: '☾' } as const;

/** Cycles the theme (system, light, dark) and applies it; the current one is announced. */
export function ThemeToggle() {
  const theme = useThemeStore((state) => state.theme);
  const setTheme = useThemeStore((state) => state.setTheme);
  useEffect(() => applyTheme(theme), [theme]);
  return (
    <button
      type="button"
      className="icon-button"
      onClick={() => setTheme(nextTheme(theme))}
      aria-label={`${LABELS[theme]}. Change theme`}
      title={LABELS[theme]}
    >
      <span aria-hidden="true">{ICONS[theme]}</span>
    </button>
  );
}
