/**
 * Lets non-React code (the API client, the auth store) navigate inside the single-page app.
 * The router registers its `navigate` at start-up; before that a full page load is used.
 */
export interface NavigateOptions {
  replace?: boolean;
  state?: unknown;
}
type Navigate = (to: string, options?: NavigateOptions) => void;

/**
 * Without the router (before it starts, or on a page built without it such as /preference): a full
 * page load. Navigation state goes into the history entry the way react-router keeps it
 * (`history.state.usr`), so the page loaded there reads it as if the router had navigated.
 */
let navigator: Navigate = (to, options = {}) => {
  if (options.state === undefined) {
    if (options.replace) window.location.replace(to);
    else window.location.assign(to);
    return;
  }
  const entry = { usr: options.state, key: Math.random().toString(36).slice(2, 10), idx: 0 };
  if (options.replace) window.history.replaceState(entry, '', to);
  else window.history.pushState(entry, '', to);
  window.location.reload();
};

export function setNavigator(fn: Navigate): void {
  navigator = fn;
}

export function navigateTo(to: string, options?: NavigateOptions): void {
  navigator(to, options);
}
