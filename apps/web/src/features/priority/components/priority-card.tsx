import * as React from 'react';
import { ShieldCheckIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { ParentDetails, PriorityConfirmation } from '@kita/shared';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { LoadingState } from '@/components/states';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { formatDate } from '@/lib/format';
import { lazyDialog } from '@/lib/lazy-dialog';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useEndPriority, useParentPriority, usePriorityGroups } from '../queries';

const PriorityConfirmDialog = lazyDialog(async () => (await import('./priority-confirm-dialog')).PriorityConfirmDialog);

/** In force, ending soon or run out, as a badge. */
export function PriorityStateBadge({ confirmation }: { confirmation: Pick<PriorityConfirmation, 'active' | 'endingSoon'> }) {
  const { t } = useTranslation();
  if (!confirmation.active) return <Badge variant="destructive" data-qa="priority-state-expired">{t('priority.card.expired')}</Badge>;
  if (confirmation.endingSoon) return <Badge variant="outline" className="border-amber-500 text-amber-700 dark:text-amber-400" data-qa="priority-state-ending">{t('priority.card.endingSoon')}</Badge>;
  return <Badge variant="secondary" data-qa="priority-state-active">{t('priority.card.active')}</Badge>;
}

function Row({ label, children, qa }: { label: string; children: React.ReactNode; qa: string }) {
  return (
    <div className="grid gap-1 py-1.5 sm:grid-cols-[minmax(7rem,10rem)_1fr] sm:gap-4">
      <dt className="text-muted-foreground text-sm">{label}</dt>
      <dd className="flex min-w-0 flex-wrap items-center gap-2 text-sm break-words" data-qa={qa}>
        {children}
      </dd>
    </div>
  );
}

/** The family's own view: that the Kita confirmed its need and until when; never the group. */
function ParentView({ confirmation }: { confirmation: PriorityConfirmation }) {
  const { t } = useTranslation();
  const date = formatDate(confirmation.validUntil);
  const text = !confirmation.active
    ? t('priority.parent.expired', { date })
    : confirmation.childName
      ? t('priority.parent.confirmedChild', { child: confirmation.childName, date })
      : t('priority.parent.confirmed', { date });
  return (
    <Card data-qa="priority-card">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <ShieldCheckIcon className="text-success size-5" aria-hidden="true" />
          <h2>{t('priority.parent.title')}</h2>
        </CardTitle>
      </CardHeader>
      <CardContent>
        <p className="text-sm" data-qa="priority-parent-text">{text}</p>
      </CardContent>
    </Card>
  );
}

/**
 * The confirmed priority on the parent details page. Staff of the Kita see the group, the child,
 * the end and the internal note, and confirm, change or end it; the family sees only its own
 * confirmation and until when (the server leaves the group out for it), and nothing without one.
 */
export function PriorityCard({ parent, staff }: { parent: Pick<ParentDetails, 'parentId' | 'name' | 'kitaId' | 'children'>; staff: boolean }) {
  const { t } = useTranslation();
  const query = useParentPriority(parent.parentId);
  const groups = usePriorityGroups(parent.kitaId, staff);
  const end = useEndPriority();
  const [editing, setEditing] = React.useState(false);
  const [ending, setEnding] = React.useState(false);
  const confirmation = query.data?.confirmation ?? null;

  if (!staff) return confirmation ? <ParentView confirmation={confirmation} /> : null;

  const runEnd = async () => {
    try {
      await end.mutateAsync(parent.parentId);
      notifySuccess(t('priority.toast.ended'));
    } catch (error) {
      notifyError(t('priority.toast.endFailed'), error);
      throw error;
    }
  };

  return (
    <Card data-qa="priority-card">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <ShieldCheckIcon className="size-5" aria-hidden="true" />
          <h2>{t('priority.card.title')}</h2>
        </CardTitle>
        <CardDescription>{t('priority.card.description')}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        {query.isLoading ? (
          <LoadingState />
        ) : confirmation ? (
          <dl className="divide-y" data-qa="priority-confirmation">
            <Row label={t('priority.card.group')} qa="priority-row-group">
              {confirmation.group ? `${confirmation.group.position}. ${confirmation.group.name}` : '-'}
            </Row>
            <Row label={t('priority.card.for')} qa="priority-row-for">
              {confirmation.childName ?? t('priority.card.wholeFamily')}
            </Row>
            <Row label={t('priority.card.validUntil')} qa="priority-row-until">
              {formatDate(confirmation.validUntil)} <PriorityStateBadge confirmation={confirmation} />
            </Row>
            {confirmation.note && (
              <Row label={t('priority.card.note')} qa="priority-row-note">
                {confirmation.note}
              </Row>
            )}
          </dl>
        ) : (
          <p className="text-muted-foreground text-sm" data-qa="priority-none">{t('priority.card.none')}</p>
        )}
        <div className="flex flex-wrap gap-2">
          <Button onClick={() => setEditing(true)} disabled={!groups.data?.length} data-qa="priority-confirm">
            {t(confirmation ? 'priority.card.change' : 'priority.card.confirm')}
          </Button>
          {confirmation && (
            <Button variant="outline" onClick={() => setEnding(true)} data-qa="priority-end">
              {t('priority.card.end')}
            </Button>
          )}
        </div>
      </CardContent>
      <PriorityConfirmDialog open={editing} onOpenChange={setEditing} parent={parent} groups={groups.data ?? []} current={confirmation} />
      <ConfirmDialog
        open={ending}
        onOpenChange={setEnding}
        onConfirm={runEnd}
        title={t('priority.card.endTitle')}
        description={t('priority.card.endText', { name: parent.name })}
        confirmLabel={t('priority.card.end')}
      />
    </Card>
  );
}
