import { useSyncExternalStore } from 'react';
import type { LoginResult, SessionUser } from '@kita/shared';
import { apiRoutes } from '@kita/shared/api/routes';
import { routeUrl } from './api-url';
import { changeLanguage, currentLanguage, staffLanguage } from './i18n';
import { navigateTo } from './navigation';
import { OTP_TOKEN_KEY, TOKEN_KEY, USER_KEY } from './session-keys';
import { parseStoredUser } from './session-user';

/**
 * The session lives in localStorage (authToken, otpToken, user) so it survives
 * reloads and is shared by tabs. Components read it through `useAuth()`, other code through the
 * plain functions; every change notifies the subscribers.
 */
export { OTP_TOKEN_KEY, TOKEN_KEY, USER_KEY };

export interface AuthSnapshot {
  token: string | null;
  user: SessionUser | null;
}

const listeners = new Set<() => void>();
let snapshot: AuthSnapshot = readStorage();

/**
 * Why the last session in this tab ended: 'logout' (the user's own button; the next person must
 * not be sent to the previous user's page) or 'revoked' (the server answered 401: ended on another
 * device, password changed, expired; the login page says so). Null once someone logs in.
 */
export type SessionEnd = 'logout' | 'revoked';
let sessionEnd: SessionEnd | null = null;

export function getSessionEnd(): SessionEnd | null {
  return sessionEnd;
}

function readUser(): SessionUser | null {
  const raw = localStorage.getItem(USER_KEY);
  if (!raw) return null;
  try {
    return parseStoredUser(JSON.parse(raw));
  } catch {
    return null;
  }
}

function readStorage(): AuthSnapshot {
  const token = localStorage.getItem(TOKEN_KEY);
  const user = token ? readUser() : null;
  return { token: user ? token : null, user };
}

function emit(): void {
  snapshot = readStorage();
  for (const listener of listeners) listener();
}

export function subscribeAuth(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function getAuthSnapshot(): AuthSnapshot {
  return snapshot;
}

export function getToken(): string | null {
  return snapshot.token;
}

export function getUser(): SessionUser | null {
  return snapshot.user;
}

// Another tab logging in or out changes the same storage.
window.addEventListener('storage', (event) => {
  if (event.key === null || event.key === TOKEN_KEY || event.key === USER_KEY) emit();
});

/** Stores a successful login; a parent's UI switches to the language of their profile. */
export function setSession(result: LoginResult): void {
  sessionEnd = null;
  localStorage.setItem(TOKEN_KEY, result.token);
  localStorage.setItem(USER_KEY, JSON.stringify(result.user));
  localStorage.removeItem(OTP_TOKEN_KEY);
  emit();
  if (result.user.role === 'Parent' && result.user.parent) void changeLanguage(result.user.parent.language);
  // Staff screens stay German and English: a family language chosen on the login page gives way.
  else if (result.user.role !== 'Parent' && staffLanguage() !== currentLanguage()) void changeLanguage(staffLanguage());
}

/** Replaces the stored user (e.g. after GET auth/me or a profile change) and keeps the token. */
export function updateUser(user: SessionUser): void {
  localStorage.setItem(USER_KEY, JSON.stringify(user));
  emit();
}

/** What a 401 does: the token is no longer good, so token and user go. */
export function clearSession(reason: SessionEnd = 'revoked'): void {
  if (snapshot.user) sessionEnd = reason;
  localStorage.removeItem(TOKEN_KEY);
  localStorage.removeItem(USER_KEY);
  emit();
}

export function setOtpToken(token: string): void {
  localStorage.setItem(OTP_TOKEN_KEY, token);
}

export function getOtpToken(): string | null {
  return localStorage.getItem(OTP_TOKEN_KEY);
}

export function clearOtpToken(): void {
  localStorage.removeItem(OTP_TOKEN_KEY);
}

/** Revokes the session on the server (best effort), forgets it locally and goes to /login. */
export function logout(): void {
  const token = snapshot.token;
  if (token) {
    // A plain fetch, not lib/api's call(): that one clears the session on a 401, which is under way here.
    void fetch(routeUrl(apiRoutes.auth.logout), { method: apiRoutes.auth.logout.method, headers: { Authorization: `Bearer ${token}` } }).catch(
      () => undefined, // the local session is gone either way; a dead server must not block logging out
    );
  }
  localStorage.removeItem(OTP_TOKEN_KEY);
  clearSession('logout');
  navigateTo('/login', { replace: true });
}

/** Where each role starts after login. */
export function homePathFor(user: SessionUser | null): string {
  if (!user) return '/login';
  if (user.role === 'Parent' && user.parentId) return `/parents/${user.parentId}`;
  if (user.role === 'KitaManager' && user.kita) return `/kitas/${user.kita.kitaId}/d`;
  return '/';
}

export interface UseAuth extends AuthSnapshot {
  isAuthenticated: boolean;
  login: (result: LoginResult) => void;
  logout: () => void;
}

export function useAuth(): UseAuth {
  const current = useSyncExternalStore(subscribeAuth, getAuthSnapshot);
  return { ...current, isAuthenticated: current.user !== null, login: setSession, logout };
}
