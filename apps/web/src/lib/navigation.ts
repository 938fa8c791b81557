/**
 * Lets non-React code (the API client, the auth store) navigate inside the single-page app.
 * The router registers its `navigate` at start-up; before that a full page load is used.
 */
export interface NavigateOptions {
  replace?: boolean;
  state?: unknown;
}
type Navigate = (to: string, options?: NavigateOptions) => void;

let navigator: Navigate = (to) => window.location.assign(to);

export function setNavigator(fn: Navigate): void {
  navigator = fn;
}

export function navigateTo(to: string, options?: NavigateOptions): void {
  navigator(to, options);
}
