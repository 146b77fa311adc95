import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

/** The theme choice: follow the system (default), or always light or dark. */
export type ThemeChoice = 'system' | 'light' | 'dark';

/** Read before the first paint by build/theme-init.js (inlined in index.html): keep the key and shape in step with it. */
export const THEME_STORAGE_KEY = 'hyperhook-theme';

export const useThemeStore = create<{ theme: ThemeChoice; setTheme(theme: ThemeChoice): void }>()(
  persist((set) => ({ theme: 'system', setTheme: (theme) => set({ theme }) }), {
    name: THEME_STORAGE_KEY,
    storage: createJSONStorage(() => localStorage),
    partialize: (state) => ({ theme: state.theme }),
  }),
);

/** Applies a theme choice to the document; "system" leaves it to the prefers-color-scheme query. */
export function applyTheme(theme: ThemeChoice): void {
  if (theme === 'system') delete document.documentElement.dataset.theme;
  else document.documentElement.dataset.theme = theme;
}

/** The next choice of the header toggle: system → light → dark → system. */
export function nextTheme(theme: ThemeChoice): ThemeChoice {
  return theme === 'system' ? 'light' : theme === 'light' ? 'dark' : 'system';
}
