import * as React from 'react';
import { CheckIcon, PencilIcon, Trash2Icon, XIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import type { ParentDetails } from '@kita/shared';
import { PageHeader } from '@/components/page-header';
import { ErrorState, LoadingState, NotFound } from '@/components/states';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { childRow, ChildrenTable } from '@/features/children/components/children-table';
import { AnswerDueBanner } from '@/features/results/components/answer-due-banner';
import { CreditsHistogramCard } from '@/features/results/components/credits-histogram-card';
import { MyDataCard } from '@/features/mydata/components/my-data-card';
import { PriorityCard } from '@/features/priority/components/priority-card';
import { PushCard } from '@/features/push/components/push-card';
import { ApiError } from '@/lib/api';
import { homePathFor, setOtpToken, useAuth } from '@/lib/auth';
import { lazyDialog } from '@/lib/lazy-dialog';
import { notifyError, notifySuccess } from '@/lib/notify';
import { ParentConfirmDialog, type ParentAction } from '../components/parent-confirm';
import { AccountInfoCard, PersonalInfoCard } from '../components/parent-info-cards';
import { useApproveParent, useParent, useResendActivation, useSendPhoneOtp } from '../queries';

// The edit form (react-hook-form, zod, selects) loads when first opened, not with the parent's landing page.
const ParentFormDialog = lazyDialog(async () => (await import('../components/parent-form-dialog')).ParentFormDialog);

/** The page header's buttons: edit for everyone; approve, reject and delete for staff while the status allows. */
function ParentActions({
  parent,
  staff,
  onEdit,
  onConfirm,
}: {
  parent: ParentDetails;
  staff: boolean;
  onEdit: () => void;
  onConfirm: (action: ParentAction) => void;
}) {
  const { t } = useTranslation();
  const approve = useApproveParent();
  const runApprove = () =>
    approve.mutate(parent.parentId, {
      onSuccess: () => notifySuccess(t('parents.toast.approved')),
      onError: (error) => notifyError(t('parents.toast.approveFailed'), error),
    });
  return (
    <>
      <Button variant="outline" onClick={onEdit} data-qa="parent-edit">
        <PencilIcon aria-hidden="true" />
        {t('parents.details.edit')}
      </Button>
      {/* Only a registration is approved; a rejected or expired one stays so (the server answers 409). */}
      {staff && parent.status === 'registered' && (
        <Button onClick={runApprove} disabled={approve.isPending} data-qa="parent-approve">
          <CheckIcon aria-hidden="true" />
          {t('parents.details.approve')}
        </Button>
      )}
      {staff && parent.status === 'registered' && (
        <Button variant="outline" onClick={() => onConfirm('reject')} data-qa="parent-reject">
          <XIcon aria-hidden="true" />
          {t('registration.reject')}
        </Button>
      )}
      {/* Any family can be deleted; one that took part in an inquiry is erased (its rows there stay under a pseudonym). */}
      {staff && (
        <Button variant="destructive" onClick={() => onConfirm('delete')} data-qa="parent-delete">
          <Trash2Icon aria-hidden="true" />
          {t('parents.details.delete')}
        </Button>
      )}
    </>
  );
}

/**
 * Parent details at /kitas/{kitaId}/p/{parentId} and /parents/{parentId}:
 * personal and account information, approval while not approved, and the children table.
 * A parent sees their own page (edit of contact data, children read + limited edit).
 */
export default function ParentDetailsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { user } = useAuth();
  const params = useParams();
  const parentId = params.parentId ?? '';
  const kitaId = params.kitaId ?? null;
  const query = useParent(parentId, kitaId);
  const [editing, setEditing] = React.useState(false);
  const [confirm, setConfirm] = React.useState<ParentAction | null>(null);
  const sendOtp = useSendPhoneOtp();
  const resendActivation = useResendActivation();
  const staff = user?.role === 'Admin' || user?.role === 'KitaManager';

  if (query.isLoading) return <LoadingState />;
  if (query.error instanceof ApiError && query.error.status === 404) {
    return <NotFound asPage title={t('parents.details.notFound', { id: parentId })} homeTo={homePathFor(user)} />;
  }
  if (query.error || !query.data) return <ErrorState asPage title={t('parents.details.loadFailed')} error={query.error} onRetry={() => void query.refetch()} />;
  const parent: ParentDetails = query.data;

  const verifyPhone = () =>
    sendOtp.mutate(
      { parentId: parent.parentId, phoneNumber: parent.primaryPhoneNumber ?? '' },
      {
        onSuccess: ({ otpToken }) => {
          setOtpToken(otpToken);
          // backTo: the way back from the code page to this page.
          navigate('/verify-phone', { state: { otpToken, phoneNumber: parent.primaryPhoneNumber, parentId: parent.parentId, backTo: window.location.pathname, backName: parent.name } });
        },
        onError: (error) => notifyError(t('parents.toast.verifyPhoneFailed'), error),
      },
    );
  const verifyEmail = () =>
    resendActivation.mutate(
      { parentId: parent.parentId, email: parent.email ?? '' },
      {
        onSuccess: () => notifySuccess(t('parents.toast.verifyEmailSent')),
        onError: (error) => notifyError(t('parents.toast.verifyEmailFailed'), error),
      },
    );
  const approved = parent.status === 'approved';

  return (
    <div className="flex flex-col gap-6" data-qa="parent-details-page">
      <PageHeader
        title={
          <>
            {parent.name}
            {!kitaId && <span className="text-muted-foreground ms-2 text-lg font-normal">· {parent.location}</span>}
          </>
        }
        actions={<ParentActions parent={parent} staff={staff} onEdit={() => setEditing(true)} onConfirm={setConfirm} />}
      />
      {/* The parent's own page (where a login lands): an answer that is due comes first. */}
      {!staff && approved && <AnswerDueBanner parentId={parent.parentId} />}
      {/* Approved parents get the credits histogram beside the two cards. */}
      <div className="grid gap-6 lg:grid-cols-2">
        <div className={approved ? 'flex flex-col gap-6' : 'contents'}>
          <PersonalInfoCard
            parent={parent}
            onVerifyEmail={verifyEmail}
            onVerifyPhone={verifyPhone}
            verifyingEmail={resendActivation.isPending}
            verifyingPhone={sendOtp.isPending}
          />
          <AccountInfoCard parent={parent} onResetCredits={staff ? () => setConfirm('reset') : undefined} />
          {/* Confirmed priority: staff confirm and end it; the family sees only its own, without the group. */}
          {approved && <PriorityCard parent={parent} staff={staff} />}
          {/* The family's own page: notifications on this device and the devices that get them. */}
          {approved && !staff && user?.parentId === parent.parentId && <PushCard devices />}
        </div>
        {approved && <CreditsHistogramCard parentId={parent.parentId} audience={staff ? 'staff' : 'parent'} />}
      </div>
      <Card>
        <CardHeader>
          <CardTitle>
            <h2>{t('parents.details.children')}</h2>
          </CardTitle>
        </CardHeader>
        <CardContent>
          <ChildrenTable
            qa="parent-children"
            label={t('parents.details.children')}
            height={260}
            kitaId={parent.kitaId}
            asParent={!staff}
            fixedParent={{ parentId: parent.parentId, name: parent.name }}
            rows={parent.children.map((c) => childRow(c, { parentId: parent.parentId }))}
          />
        </CardContent>
      </Card>
      <MyDataCard parentId={parent.parentId} asParent={!staff} />
      <ParentFormDialog open={editing} onOpenChange={setEditing} parent={parent} kitaId={kitaId ?? parent.kitaId} />
      <ParentConfirmDialog
        parent={parent}
        action={confirm}
        onClose={() => setConfirm(null)}
        onDone={(action) =>
          action === 'delete' && navigate(kitaId ? `/kitas/${kitaId}/${parent.status === 'registered' ? 'registration' : 'p'}` : '/parents', { replace: true })
        }
      />
    </div>
  );
}
