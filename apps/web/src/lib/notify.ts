import { toast } from 'sonner';
import { errorMessage } from './api';
import { i18n } from './i18n';

/**
 * The toasts of spec section 8: a success toast, or a destructive one with a title and the
 * server's (or transport) message as description. Only one toast is visible at a time (Toaster).
 */
export function notifySuccess(description: string, title: string = i18n.t('common.toast.success')): void {
  toast.success(title, { description });
}

export function notifyError(title: string, error?: unknown): void {
  toast.error(title, { description: error === undefined ? undefined : errorMessage(error) });
}
