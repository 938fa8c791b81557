import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import '@/index.css';
import '@/lib/i18n';
import { applyTheme } from '@/lib/theme';
import { AppProviders } from '@/app/providers';
import { router } from '@/app/router';

applyTheme();

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

createRoot(root).render(
  <StrictMode>
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);
