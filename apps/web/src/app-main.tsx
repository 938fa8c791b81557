import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { renderWhenTextsReady } from '@/lib/i18n';
import { applyTheme } from '@/lib/theme';
import { AppProviders } from '@/app/providers';
import { router } from '@/app/router';

/** The app itself, loaded by main.tsx (the page's entry). */
applyTheme();

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

function render(container: HTMLElement): void {
  createRoot(container).render(
    <StrictMode>
      <AppProviders>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  );
}

// The texts of the user's language load in parallel with the first screen's code (the router
// starts that on creation).
renderWhenTextsReady(() => render(root));
