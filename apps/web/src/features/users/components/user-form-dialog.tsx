import * as React from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { formatPhone, STAFF_ROLES, userCreateSchema, userUpdateSchema, type User, type UserCreateInput, type UserUpdateInput } from '@kita/shared';
import { SelectField } from '@/components/form/select-field';
import { TextField } from '@/components/form/text-field';
import { useAuth } from '@/lib/auth';
import { notifyError, notifySuccess } from '@/lib/notify';
import { FormDialog } from '@/components/form-dialog';
import { applyServerErrors } from '@/components/form/server-errors';
import { useKitas } from '@/features/kitas/queries';
import { useSaveUser } from '../queries';

type FormValues = z.input<typeof userCreateSchema>;

export interface UserFormDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The user to edit; none = add. */
  user?: User | null;
  /** 'manager': the managers page of one Kita (role KitaManager and that Kita, no selects). */
  mode: 'user' | 'manager';
  /** The Kita of the managers page. */
  kitaId?: string;
}

/**
 * The user form: name, e-mail, password only when adding (>= 6), optional phone (empty ->
 * null), role Admin/KitaManager, and the Kita only for a KitaManager.
 */
export function UserFormDialog({ open, onOpenChange, user, mode, kitaId }: UserFormDialogProps) {
  const { t } = useTranslation();
  const { user: me } = useAuth();
  const save = useSaveUser();
  const editing = !!user;
  const managerMode = mode === 'manager';
  const kitas = useKitas({ enabled: open && !managerMode });
  // One form for both modes; the schema decides whether a password is required. The resolver's
  // output (trimmed, lower-cased, empty phone -> null) is what the API takes.
  const resolver = zodResolver(editing ? userUpdateSchema : userCreateSchema) as unknown as Resolver<FormValues>;
  const form = useForm<FormValues>({ resolver });
  const role = useWatch({ control: form.control, name: 'role' });

  React.useEffect(() => {
    if (!open) return;
    form.reset({
      name: user?.name ?? '',
      email: user?.email ?? '',
      password: '',
      phoneNumber: formatPhone(user?.phoneNumber),
      role: managerMode ? 'KitaManager' : user?.role === 'Admin' ? 'Admin' : user ? 'KitaManager' : (undefined as unknown as FormValues['role']),
      kitaId: managerMode ? (kitaId ?? null) : (user?.kitaId ?? null),
    });
  }, [open, user, managerMode, kitaId, form]);

  // An Admin has no Kita: drop a chosen one when the role changes to Admin.
  React.useEffect(() => {
    if (role === 'Admin' && form.getValues('kitaId')) form.setValue('kitaId', null);
  }, [role, form]);

  const ok = managerMode ? (editing ? 'users.toast.managerUpdated' : 'users.toast.managerCreated') : editing ? 'users.toast.updated' : 'users.toast.created';
  const failed = managerMode
    ? editing
      ? 'users.toast.managerUpdateFailed'
      : 'users.toast.managerCreateFailed'
    : editing
      ? 'users.toast.updateFailed'
      : 'users.toast.createFailed';

  const submit = form.handleSubmit(async (values) => {
    try {
      if (user) await save.mutateAsync({ userId: user.userId, input: values as UserUpdateInput });
      else await save.mutateAsync({ input: values as UserCreateInput });
      notifySuccess(t(ok));
      onOpenChange(false);
    } catch (error) {
      applyServerErrors(form, error);
      notifyError(t(failed), error);
    }
  });

  const title = managerMode
    ? t(editing ? 'users.managers.titleEdit' : 'users.managers.titleAdd')
    : t(editing ? 'users.form.titleEdit' : 'users.form.titleAdd');

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={title}
      description={managerMode ? undefined : t('users.form.description')}
      form={form}
      onSubmit={submit}
      pending={save.isPending}
      qa="user-form"
    >
      <TextField control={form.control} name="name" label={t('users.form.name')} placeholder={t('users.form.namePlaceholder')} autoComplete="off" qa="user-name" autoFocus />
      <TextField control={form.control} name="email" type="email" label={t('users.form.email')} placeholder={t('users.form.emailPlaceholder')} autoComplete="off" qa="user-email" />
      {!editing && (
        <TextField
          control={form.control}
          name="password"
          type="password"
          label={t('users.form.password')}
          description={t('users.form.passwordHint')}
          autoComplete="new-password"
          qa="user-password"
        />
      )}
      <TextField
        control={form.control}
        name="phoneNumber"
        type="tel"
        inputMode="tel"
        label={t('users.form.phoneNumber')}
        placeholder={t('users.form.phonePlaceholder')}
        autoComplete="off"
        qa="user-phone"
      />
      {!managerMode && (
        <SelectField
          control={form.control}
          name="role"
          label={t('users.form.role')}
          placeholder={t('users.form.rolePlaceholder')}
          options={STAFF_ROLES.map((r) => ({ value: r, label: t(`nav.roles.${r}`) }))}
          // Nobody changes their own role (the server refuses it too).
          disabled={editing && user?.userId === me?.userId}
          qa="user-role"
        />
      )}
      {!managerMode && role === 'KitaManager' && (
        <SelectField
          control={form.control}
          name="kitaId"
          label={t('users.form.kita')}
          placeholder={t('users.form.kitaPlaceholder')}
          options={(kitas.data ?? []).map((k) => ({ value: k.kitaId, label: `${k.kitaName} (${k.location})` }))}
          qa="user-kita"
        />
      )}
    </FormDialog>
  );
}
