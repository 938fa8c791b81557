import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '@/index.css';
import { LazyToaster } from '@/app/lazy-toaster';
import PreferencePage from '@/features/preference/pages/preference-page';
import { renderWhenTextsReady } from '@/lib/i18n';
import { I18nProvider } from '@/lib/i18n-provider';
import { applyTheme } from '@/lib/theme';

/**
 * The entry of preference.html, which the server sends for /preference: the parent's page from an
 * SMS link, on a phone, often on a slow network. It renders the preference page alone, without the
 * router, the query cache and the app shell (the same page also stays a route of the app).
 */
applyTheme();

const root = document.getElementById('root');
if (!root) throw new Error('preference.html has no #root element');

function render(container: HTMLElement): void {
  createRoot(container).render(
    <StrictMode>
      <I18nProvider>
        <PreferencePage />
        <LazyToaster />
      </I18nProvider>
    </StrictMode>,
  );
}

renderWhenTextsReady(() => render(root));
