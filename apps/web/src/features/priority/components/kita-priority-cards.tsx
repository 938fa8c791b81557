import * as React from 'react';
import { ArrowDownIcon, ArrowUpIcon, PlusIcon, Trash2Icon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PRIORITY_GROUPS_MAX, type PriorityGroup } from '@kita/shared';
import { ErrorState, LoadingState } from '@/components/states';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { formatDate } from '@/lib/format';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useKitaConfirmations, usePriorityGroups, useSavePriorityGroups } from '../queries';
import { PriorityStateBadge } from './priority-card';

type Draft = { key: string; groupId?: string; name: string; description: string; confirmations: number };

const toDraft = (groups: PriorityGroup[]): Draft[] =>
  groups.map((g) => ({ key: g.groupId, groupId: g.groupId, name: g.name, description: g.description, confirmations: g.confirmations }));

/**
 * The Kita's priority groups: names and descriptions, moved up and down (the order of service),
 * added (at most PRIORITY_GROUPS_MAX) and removed; saved as one list. The server refuses removing
 * a group families are confirmed for and says which.
 */
export function PriorityGroupsCard({ kitaId }: { kitaId: string }) {
  const { t } = useTranslation();
  const query = usePriorityGroups(kitaId);
  const save = useSavePriorityGroups();
  const [draft, setDraft] = React.useState<Draft[] | null>(null);
  const [seq, setSeq] = React.useState(0);
  React.useEffect(() => {
    if (query.data) setDraft(toDraft(query.data));
  }, [query.data]);

  if (query.isLoading || !draft) {
    return query.error ? <ErrorState title={t('priority.groups.title')} error={query.error} onRetry={() => void query.refetch()} /> : <LoadingState />;
  }
  const update = (i: number, patch: Partial<Draft>) => setDraft(draft.map((d, j) => (j === i ? { ...d, ...patch } : d)));
  const move = (i: number, by: number) => {
    const next = [...draft];
    const [item] = next.splice(i, 1);
    next.splice(i + by, 0, item!);
    setDraft(next);
  };
  const add = () => {
    setDraft([...draft, { key: `new-${seq}`, name: '', description: '', confirmations: 0 }]);
    setSeq(seq + 1);
  };
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    try {
      await save.mutateAsync({
        kitaId,
        input: { groups: draft.map((d) => ({ ...(d.groupId ? { groupId: d.groupId } : {}), name: d.name.trim(), description: d.description.trim() })) },
      });
      notifySuccess(t('priority.toast.groupsSaved'));
    } catch (error) {
      notifyError(t('priority.toast.groupsSaveFailed'), error);
    }
  };

  return (
    <Card data-qa="priority-groups-card">
      <CardHeader>
        <CardTitle>
          <h2>{t('priority.groups.title')}</h2>
        </CardTitle>
        <CardDescription>{t('priority.groups.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
          <ol className="flex flex-col gap-3">
            {draft.map((d, i) => (
              <li key={d.key} className="grid gap-2 rounded-md border p-3" data-qa={`priority-group-${i + 1}`}>
                <div className="flex items-center gap-2">
                  <span className="text-muted-foreground w-5 text-sm tabular-nums">{i + 1}.</span>
                  <Label htmlFor={`pg-name-${d.key}`} className="sr-only">{t('priority.groups.name')}</Label>
                  <Input
                    id={`pg-name-${d.key}`}
                    value={d.name}
                    maxLength={80}
                    required
                    placeholder={t('priority.groups.newGroup')}
                    onChange={(e) => update(i, { name: e.target.value })}
                    data-qa={`priority-group-name-${i + 1}`}
                  />
                  <Button type="button" variant="ghost" size="icon" disabled={i === 0} onClick={() => move(i, -1)} aria-label={t('priority.groups.up')} title={t('priority.groups.up')}>
                    <ArrowUpIcon aria-hidden="true" />
                  </Button>
                  <Button type="button" variant="ghost" size="icon" disabled={i === draft.length - 1} onClick={() => move(i, 1)} aria-label={t('priority.groups.down')} title={t('priority.groups.down')}>
                    <ArrowDownIcon aria-hidden="true" />
                  </Button>
                  <Button
                    type="button"
                    variant="ghost"
                    size="icon"
                    onClick={() => setDraft(draft.filter((_, j) => j !== i))}
                    aria-label={t('priority.groups.remove')}
                    title={t('priority.groups.remove')}
                    data-qa={`priority-group-remove-${i + 1}`}
                  >
                    <Trash2Icon aria-hidden="true" />
                  </Button>
                </div>
                <Label htmlFor={`pg-desc-${d.key}`} className="sr-only">{t('priority.groups.groupDescription')}</Label>
                <Input
                  id={`pg-desc-${d.key}`}
                  value={d.description}
                  maxLength={300}
                  placeholder={t('priority.groups.groupDescription')}
                  onChange={(e) => update(i, { description: e.target.value })}
                  className="text-sm"
                />
                {d.confirmations > 0 && <p className="text-muted-foreground text-xs">{t('priority.groups.confirmations', { count: d.confirmations })}</p>}
              </li>
            ))}
          </ol>
          <div className="flex flex-wrap gap-2">
            <Button type="button" variant="outline" onClick={add} disabled={draft.length >= PRIORITY_GROUPS_MAX} data-qa="priority-group-add">
              <PlusIcon aria-hidden="true" />
              {t('priority.groups.add')}
            </Button>
            <Button type="submit" disabled={save.isPending || draft.some((d) => !d.name.trim())} data-qa="priority-groups-save">
              {t('priority.groups.save')}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}

/** The Kita's confirmations not yet ended, soonest end first, with "ends soon" and "expired". */
export function KitaConfirmationsCard({ kitaId }: { kitaId: string }) {
  const { t } = useTranslation();
  const query = useKitaConfirmations(kitaId);
  return (
    <Card data-qa="priority-confirmations-card">
      <CardHeader>
        <CardTitle>
          <h2>{t('priority.list.title')}</h2>
        </CardTitle>
        <CardDescription>{t('priority.list.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        {query.isLoading ? (
          <LoadingState />
        ) : query.error ? (
          <ErrorState title={t('priority.list.title')} error={query.error} onRetry={() => void query.refetch()} />
        ) : !query.data?.length ? (
          <p className="text-muted-foreground text-sm" data-qa="priority-list-empty">{t('priority.list.empty')}</p>
        ) : (
          <ul className="divide-y" data-qa="priority-list">
            {query.data.map((c) => (
              <li key={c.confirmationId} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm" data-qa="priority-list-row">
                <div className="min-w-0">
                  <Link to={`/kitas/${kitaId}/p/${c.parentId}`} className="font-medium underline-offset-4 hover:underline">
                    {c.parentName}
                  </Link>
                  {c.childName && <span className="text-muted-foreground"> · {c.childName}</span>}
                  <div className="text-muted-foreground text-xs">{c.group?.name}</div>
                </div>
                <div className="flex items-center gap-2">
                  <span className="tabular-nums">{formatDate(c.validUntil)}</span>
                  <PriorityStateBadge confirmation={c} />
                </div>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
