import * as React from 'react';
import { Loader2Icon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';
import { buttonVariants } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';

export interface ConfirmDeleteDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Runs the deletion; the dialog closes when it resolves and stays open when it throws. */
  onConfirm: () => unknown;
  title?: string;
  description?: React.ReactNode;
  confirmLabel?: string;
  /**
   * For drastic deletions: the text (the record's name) the user must type before the
   * delete button works. Undefined: a plain confirmation.
   */
  typeToConfirm?: string;
}

/** "Sind Sie absolut sicher?" before any deletion. */
export function ConfirmDeleteDialog({
  open,
  onOpenChange,
  onConfirm,
  title,
  description,
  confirmLabel,
  typeToConfirm,
}: ConfirmDeleteDialogProps) {
  const { t } = useTranslation();
  const [pending, setPending] = React.useState(false);
  const [typed, setTyped] = React.useState('');
  React.useEffect(() => {
    if (!open) setTyped('');
  }, [open]);
  const blocked = typeToConfirm !== undefined && typed.trim() !== typeToConfirm.trim();

  const confirm = async (event: React.MouseEvent) => {
    // Keep the dialog open until the deletion is done.
    event.preventDefault();
    setPending(true);
    try {
      await onConfirm();
      onOpenChange(false);
    } catch {
      // The caller reports the failure (toast); the dialog stays so the user can retry or cancel.
    } finally {
      setPending(false);
    }
  };

  return (
    <AlertDialog open={open} onOpenChange={(next) => !pending && onOpenChange(next)}>
      <AlertDialogContent data-qa="confirm-delete-dialog">
        <AlertDialogHeader>
          <AlertDialogTitle>{title ?? t('common.confirmDelete.title')}</AlertDialogTitle>
          <AlertDialogDescription>{description ?? t('common.confirmDelete.description')}</AlertDialogDescription>
        </AlertDialogHeader>
        {typeToConfirm !== undefined && (
          <div className="grid gap-1.5">
            <Label htmlFor="confirm-delete-typed">{t('common.confirmDelete.typeName', { name: typeToConfirm })}</Label>
            <Input
              id="confirm-delete-typed"
              value={typed}
              onChange={(e) => setTyped(e.target.value)}
              autoComplete="off"
              data-qa="confirm-delete-typed"
            />
          </div>
        )}
        <AlertDialogFooter>
          <AlertDialogCancel disabled={pending} data-qa="confirm-delete-cancel">
            {t('common.actions.cancel')}
          </AlertDialogCancel>
          <AlertDialogAction
            className={buttonVariants({ variant: 'destructive' })}
            disabled={pending || blocked}
            onClick={confirm}
            data-qa="confirm-delete-confirm"
          >
            {pending && <Loader2Icon className="animate-spin" aria-hidden="true" />}
            {confirmLabel ?? t('common.confirmDelete.confirm')}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
