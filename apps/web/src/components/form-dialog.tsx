import type * as React from 'react';
import { Loader2Icon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Form } from '@/components/ui/form';

/**
 * Every add/edit dialog (Kita, category, group, user, manager, password, child, parent, inquiry):
 * title, description, the fields, Cancel and a submit button with a busy state. The caller owns
 * the form and closes the dialog on success. Test ids: `qa` names the dialog, `${qa}-form` the
 * form and `${qa}-submit`/`${qa}-cancel` the buttons; `dialogQa`/`formQa` override the first two
 * where a screen's ids predate this scheme.
 */
export function FormDialog<T extends FieldValues, TOut extends FieldValues = T>({
  open,
  onOpenChange,
  title,
  description,
  form,
  onSubmit,
  pending,
  submitLabel,
  submitDisabled = false,
  qa,
  dialogQa,
  formQa,
  className,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: React.ReactNode;
  form: UseFormReturn<T, unknown, TOut>;
  onSubmit: (event?: React.BaseSyntheticEvent) => Promise<void>;
  pending: boolean;
  submitLabel?: string;
  /** Besides `pending`: e.g. until the form is valid. */
  submitDisabled?: boolean;
  qa: string;
  dialogQa?: string;
  formQa?: string;
  /** Of the dialog's content box (width, scrolling). */
  className?: string;
  children: React.ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onOpenChange={(next) => !pending && onOpenChange(next)}>
      <DialogContent className={className} data-qa={dialogQa ?? qa}>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          {/* Radix wants a description for screen readers; an empty one keeps it quiet when there is none. */}
          <DialogDescription className={description ? undefined : 'sr-only'}>{description ?? title}</DialogDescription>
        </DialogHeader>
        <Form {...form}>
          <form onSubmit={onSubmit} noValidate className="grid gap-4" data-qa={formQa ?? `${qa}-form`}>
            {children}
            <DialogFooter className="pt-2">
              <Button type="button" variant="outline" onClick={() => onOpenChange(false)} disabled={pending} data-qa={`${qa}-cancel`}>
                {t('common.actions.cancel')}
              </Button>
              <Button type="submit" disabled={pending || submitDisabled} data-qa={`${qa}-submit`}>
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
