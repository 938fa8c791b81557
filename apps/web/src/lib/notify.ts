import { errorMessage } from './api';
import { i18n } from './i18n';

/**
 * The toasts of docs/wire.md "Errors": a success toast, or a destructive one with a title and the
 * server's (or transport) message as description. Only one toast is visible at a time (Toaster).
 *
 * sonner and the Toaster load with the first toast instead of with every page (the parent pages
 * are opened on phones). The Toaster picks up a toast created before it mounted (sonner replays
 * the active toasts to a new subscriber).
 */
type Toast = typeof import('sonner').toast;

let loading: Promise<Toast> | undefined;
let toasterWanted = false;
const listeners = new Set<() => void>();

function loadToast(): Promise<Toast> {
  if (!loading) {
    loading = import('sonner').then((module) => module.toast);
    toasterWanted = true;
    for (const listener of listeners) listener();
  }
  return loading;
}

/** For the app's providers: mount the Toaster once the first toast was asked for. */
export function subscribeToaster(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function isToasterWanted(): boolean {
  return toasterWanted;
}

/**
 * A new toast replaces the one showing: sonner only hides older toasts behind the newest
 * (visibleToasts=1) and shows them again when it goes, so a stale error would come back after
 * a success. Dismissing them first keeps exactly one toast.
 */
function replaceToasts(toast: Toast): Toast {
  toast.dismiss();
  return toast;
}

/**
 * Clears every toast (a failed try's error and older success toasts stayed on the page
 * after a successful login). Loads nothing when no toast was ever shown.
 */
export function dismissToasts(): void {
  if (loading) void loading.then((toast) => toast.dismiss());
}

export function notifySuccess(description: string, title: string = i18n.t('common.toast.success')): void {
  void loadToast().then((toast) => replaceToasts(toast).success(title, { description }));
}

export function notifyError(title: string, error?: unknown): void {
  // The description is read now, in the language and state of the moment of the error.
  const description = error === undefined ? undefined : errorMessage(error);
  void loadToast().then((toast) => replaceToasts(toast).error(title, { description }));
}

/**
 * The usual `onConfirm`: runs the write, toasts `done` or `failed` with the error, and rethrows a
 * failure so a confirmation dialog stays open for another try or a cancel.
 */
export async function runConfirmed(write: () => Promise<unknown>, done: string, failed: string): Promise<void> {
  try {
    await write();
  } catch (error) {
    notifyError(failed, error);
    throw error;
  }
  notifySuccess(done);
}
