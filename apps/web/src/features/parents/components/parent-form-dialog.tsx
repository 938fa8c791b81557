import * as React from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { Loader2Icon } from 'lucide-react';
import { useForm, type Control, type FieldValues, type UseFormSetValue } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { formatPhone, parentInputSchema, type Parent, type ParentFormValues, type ParentInput } from '@kita/shared';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Form } from '@/components/ui/form';
import { getUser, updateUser, useAuth } from '@/lib/auth';
import { changeLanguage, currentLanguage } from '@/lib/i18n';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useKitaOptions, useSaveParent } from '../queries';
import { emptyParentValues, ParentFields } from '@/components/form/parent-fields';

export interface ParentFormDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The parent to edit; absent to add one. */
  parent?: Parent;
  /** The Kita selected in the UI (the route's kitaId); without it staff choose the Kita. */
  kitaId: string | null;
}

function valuesOf(parent: Parent): ParentFormValues {
  return {
    name: parent.name,
    email: parent.email ?? '',
    secondaryEmail: parent.secondaryEmail ?? '',
    primaryPhoneNumber: formatPhone(parent.primaryPhoneNumber),
    secondaryPhoneNumber: formatPhone(parent.secondaryPhoneNumber),
    kitaId: parent.kitaId,
    preferredCommunication: parent.preferredCommunication ?? '',
    isAnonymous: parent.isAnonymous,
    language: parent.language,
  };
}

/**
 * Add or edit a parent (spec section 2 "Dialogs", section 4 "Parent form"). A parent editing
 * their own record gets no Kita selector and no anonymity switch; a language change of their own
 * record switches the UI language and is stored with the session user.
 */
export function ParentFormDialog({ open, onOpenChange, parent, kitaId }: ParentFormDialogProps) {
  const { t } = useTranslation();
  const { user } = useAuth();
  const selfService = user?.role === 'Parent';
  const fallbackKita = kitaId ?? (user?.role === 'KitaManager' ? (user.kita?.kitaId ?? '') : '');
  const showKitaSelector = !selfService && !kitaId;
  const kitas = useKitaOptions(open && showKitaSelector);
  const save = useSaveParent();

  const form = useForm<ParentFormValues, unknown, ParentInput>({
    resolver: zodResolver(parentInputSchema),
    defaultValues: parent ? valuesOf(parent) : emptyParentValues(fallbackKita),
  });

  React.useEffect(() => {
    if (open) form.reset(parent ? valuesOf(parent) : emptyParentValues(fallbackKita));
  }, [open, parent, fallbackKita, form]);

  React.useEffect(() => {
    if (kitas.error) notifyError(t('parents.form.kitasFailed'), kitas.error);
  }, [kitas.error, t]);

  const submit = form.handleSubmit((input) =>
    save.mutate(
      { parentId: parent?.parentId, input },
      {
        onSuccess: (saved) => {
          notifySuccess(parent ? t('parents.toast.updated') : t('parents.toast.created'));
          const me = getUser();
          if (selfService && me && saved.language !== currentLanguage()) {
            updateUser({ ...me, language: saved.language, parent: me.parent ? { ...me.parent, language: saved.language } : me.parent });
            void changeLanguage(saved.language);
          }
          onOpenChange(false);
        },
        onError: (error) => notifyError(parent ? t('parents.toast.updateFailed') : t('parents.toast.createFailed'), error),
      },
    ),
  );

  return (
    <Dialog open={open} onOpenChange={(next) => !save.isPending && onOpenChange(next)}>
      <DialogContent className="sm:max-w-2xl" data-qa="parent-form-dialog">
        <DialogHeader>
          <DialogTitle>{parent ? t('parents.form.editTitle') : t('parents.form.addTitle')}</DialogTitle>
          <DialogDescription>{t('parents.form.description')}</DialogDescription>
        </DialogHeader>
        <Form {...form}>
          <form onSubmit={submit} noValidate className="grid gap-6" data-qa="parent-form">
            <ParentFields
              // One field set serves two form shapes (see ParentFieldsProps).
              control={form.control as unknown as Control<FieldValues>}
              setValue={form.setValue as unknown as UseFormSetValue<FieldValues>}
              kitaOptions={showKitaSelector ? (kitas.data ?? []) : undefined}
              selfService={selfService}
            />
            <DialogFooter>
              <Button type="button" variant="outline" onClick={() => onOpenChange(false)} disabled={save.isPending}>
                {t('common.actions.cancel')}
              </Button>
              <Button type="submit" disabled={save.isPending} data-qa="parent-form-submit">
                {save.isPending && <Loader2Icon className="animate-spin" aria-hidden="true" />}
                {t('common.actions.save')}
              </Button>
            </DialogFooter>
          </form>
        </Form>
      </DialogContent>
    </Dialog>
  );
}
