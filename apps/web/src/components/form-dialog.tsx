import type * as React from 'react';
import { Loader2Icon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { FieldPath, FieldValues, UseFormReturn } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Form } from '@/components/ui/form';
import { ApiError } from '@/lib/api';

/**
 * The add/edit dialog of the structure screens (Kita, category, group, user, manager, password):
 * title, description, the fields, Cancel and a submit button with a busy state. The caller owns
 * the form and closes the dialog on success.
 */
export function FormDialog<T extends FieldValues>({
  open,
  onOpenChange,
  title,
  description,
  form,
  onSubmit,
  pending,
  submitLabel,
  qa,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: React.ReactNode;
  form: UseFormReturn<T>;
  onSubmit: (event?: React.BaseSyntheticEvent) => Promise<void>;
  pending: boolean;
  submitLabel?: string;
  qa: string;
  children: React.ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onOpenChange={(next) => !pending && onOpenChange(next)}>
      <DialogContent data-qa={qa}>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          {/* Radix wants a description for screen readers; an empty one keeps it quiet when there is none. */}
          <DialogDescription className={description ? undefined : 'sr-only'}>{description ?? title}</DialogDescription>
        </DialogHeader>
        <Form {...form}>
          <form onSubmit={onSubmit} noValidate className="grid gap-4" data-qa={`${qa}-form`}>
            {children}
            <DialogFooter className="pt-2">
              <Button type="button" variant="outline" onClick={() => onOpenChange(false)} disabled={pending} data-qa={`${qa}-cancel`}>
                {t('common.actions.cancel')}
              </Button>
              <Button type="submit" disabled={pending} data-qa={`${qa}-submit`}>
                {pending && <Loader2Icon className="animate-spin" aria-hidden="true" />}
                {submitLabel ?? t('common.actions.save')}
              </Button>
            </DialogFooter>
          </form>
        </Form>
      </DialogContent>
    </Dialog>
  );
}

/** Puts the server's field errors (400 details) on the matching form fields; true when any matched. */
export function applyServerErrors<T extends FieldValues>(form: UseFormReturn<T>, error: unknown): boolean {
  if (!(error instanceof ApiError) || !error.details?.length) return false;
  const known = new Set(Object.keys(form.getValues()));
  let matched = false;
  for (const detail of error.details) {
    if (!known.has(detail.path)) continue;
    form.setError(detail.path as FieldPath<T>, { type: 'server', message: detail.message });
    matched = true;
  }
  return matched;
}
