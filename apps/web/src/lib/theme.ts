import { useSyncExternalStore } from 'react';

/** Colour theme, stored like shadcn's Vite template does (key 'vite-ui-theme', default light). */
export type Theme = 'light' | 'dark' | 'system';
export const THEME_STORAGE_KEY = 'vite-ui-theme';

const listeners = new Set<() => void>();

function read(): Theme {
  const stored = localStorage.getItem(THEME_STORAGE_KEY);
  return stored === 'dark' || stored === 'system' || stored === 'light' ? stored : 'light';
}

let theme: Theme = read();

/** Puts the `light` or `dark` class on <html>; the CSS variables follow it. */
export function applyTheme(value: Theme = theme): void {
  const dark = value === 'dark' || (value === 'system' && window.matchMedia('(prefers-color-scheme: dark)').matches);
  const root = document.documentElement;
  root.classList.toggle('dark', dark);
  root.classList.toggle('light', !dark);
  root.style.colorScheme = dark ? 'dark' : 'light';
}

export function setTheme(value: Theme): void {
  theme = value;
  localStorage.setItem(THEME_STORAGE_KEY, value);
  applyTheme(value);
  for (const listener of listeners) listener();
}

export function useTheme(): { theme: Theme; setTheme: (value: Theme) => void } {
  const current = useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => theme,
  );
  return { theme: current, setTheme };
}
