import * as React from 'react';
import { Direction } from 'radix-ui';
import { I18nContext } from 'react-i18next';
import { directionOf, i18n } from './i18n';

function subscribe(onChange: () => void): () => void {
  i18n.on('languageChanged', onChange);
  return () => i18n.off('languageChanged', onChange);
}

const currentLanguage = (): string => i18n.language;

/**
 * react-i18next's provider, with a new context value on every language change, so every component
 * that uses useTranslation renders again. react-i18next alone re-renders a component only through
 * the listener its effect adds, and misses a change that lands between the component's render and
 * that effect: after a parent's login (which switches to the profile's language) the lazily loaded
 * shell could keep the previous language.
 */
export function I18nProvider({ children }: { children: React.ReactNode }) {
  const language = React.useSyncExternalStore(subscribe, currentLanguage);
  const value = React.useMemo(() => ({ i18n, language }), [language]);
  // Radix's menus, selects and dialogs read the direction from here: Arabic mirrors them too.
  return (
    <I18nContext.Provider value={value}>
      <Direction.Provider dir={directionOf(language)}>{children}</Direction.Provider>
    </I18nContext.Provider>
  );
}
