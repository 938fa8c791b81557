import '@/index.css';
import { TOKEN_KEY } from '@/lib/session-keys';

/**
 * The entry of index.html, small on purpose: it runs as soon as it has arrived, while the app's
 * chunks (app-main.tsx; preloaded by the HTML) are still loading. Without a session every path
 * leads to /login, so the login page's chunks are asked for now as well instead of after the app
 * and the router have started (one round trip less before the first screen). With a session they
 * are not loaded at all.
 */
function hasSession(): boolean {
  try {
    return !!window.localStorage.getItem(TOKEN_KEY);
  } catch {
    return false;
  }
}

if (!hasSession()) void import('@/features/auth/pages/login-page');
void import('./app-main');
