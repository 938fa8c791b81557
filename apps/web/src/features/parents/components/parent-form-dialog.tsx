import * as React from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { formatPhone, parentInputSchema, type Parent, type ParentFormValues, type ParentInput } from '@kita/shared';
import { FormDialog } from '@/components/form-dialog';
import { emptyParentValues, ParentFields } from '@/components/form/parent-fields';
import { getUser, updateUser, useAuth } from '@/lib/auth';
import { changeLanguage, currentLanguage } from '@/lib/i18n';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useKitaOptions, useSaveParent } from '../queries';

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
 * Add or edit a parent. A parent editing
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
          // A parent's own new e-mail address applies only once its confirmation link is opened.
          const pending = selfService && saved.pendingEmail && saved.pendingEmail === input.email?.trim().toLowerCase() ? saved.pendingEmail : null;
          if (pending) notifySuccess(t('parents.toast.emailChangeSent', { email: pending }));
          else notifySuccess(parent ? t('parents.toast.updated') : t('parents.toast.created'));
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
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={parent ? t('parents.form.editTitle') : t('parents.form.addTitle')}
      description={t('parents.form.description')}
      form={form}
      onSubmit={submit}
      pending={save.isPending}
      qa="parent-form"
      dialogQa="parent-form-dialog"
      formQa="parent-form"
      className="sm:max-w-2xl"
    >
      <ParentFields
        control={form.control}
        setValue={form.setValue}
        prefix=""
        kitaOptions={showKitaSelector ? (kitas.data ?? []) : undefined}
        selfService={selfService}
      />
    </FormDialog>
  );
}
