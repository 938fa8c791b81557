import * as React from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { changePasswordSchema, ownPasswordChangeSchema, type User } from '@kita/shared';
import { TextField } from '@/components/form/text-field';
import { useAuth } from '@/lib/auth';
import { notifyError, notifySuccess } from '@/lib/notify';
import { FormDialog } from '@/components/form-dialog';
import { applyServerErrors } from '@/components/form/server-errors';
import { useChangePassword } from '../queries';

const empty = { oldPassword: '', newPassword: '', confirmPassword: '' };

/**
 * 'Passwort ändern'. For one's own account the old password is asked; for someone else's
 * account (Admin, or a manager for a colleague) the caller confirms with their OWN password,
 * which the server checks before it sets the new one (see the users module).
 */
export function ChangePasswordDialog({ user, onOpenChange }: { user: User | null; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation();
  const { user: me } = useAuth();
  const change = useChangePassword();
  const self = user?.userId === me?.userId;
  const form = useForm({ resolver: zodResolver(self ? ownPasswordChangeSchema : changePasswordSchema), defaultValues: empty });

  React.useEffect(() => {
    if (user) form.reset(empty);
  }, [user, form]);

  const submit = form.handleSubmit(async (values) => {
    if (!user) return;
    try {
      await change.mutateAsync({ userId: user.userId, input: values });
      notifySuccess(t('users.changePassword.success'));
      onOpenChange(false);
    } catch (error) {
      applyServerErrors(form, error);
      notifyError(t('users.changePassword.failed'), error);
    }
  });

  return (
    <FormDialog
      open={!!user}
      onOpenChange={onOpenChange}
      title={t('users.changePassword.title')}
      description={
        <>
          {user && !self && <span className="text-foreground block font-medium">{t('users.changePassword.forUser', { name: user.name })}</span>}
          {t('users.changePassword.description')}
        </>
      }
      form={form}
      onSubmit={submit}
      pending={change.isPending}
      submitLabel={t('users.changePassword.submit')}
      qa="change-password"
    >
      <TextField
        control={form.control}
        name="oldPassword"
        type="password"
        label={self ? t('users.changePassword.oldPassword') : t('users.changePassword.ownPassword')}
        description={self ? undefined : t('users.changePassword.ownPasswordHint')}
        autoComplete="current-password"
        qa="old-password"
      />
      <TextField control={form.control} name="newPassword" type="password" label={t('users.changePassword.newPassword')} autoComplete="new-password" qa="new-password" />
      <TextField
        control={form.control}
        name="confirmPassword"
        type="password"
        label={t('users.changePassword.confirmPassword')}
        autoComplete="new-password"
        qa="confirm-password"
      />
    </FormDialog>
  );
}
