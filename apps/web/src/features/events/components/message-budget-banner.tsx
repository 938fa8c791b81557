import { useQuery } from '@tanstack/react-query';
import { GaugeIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { apiRoutes } from '@kita/shared/api/routes';
import { call } from '@/lib/api';
import { useAuth } from '@/lib/auth';
import { formatWith } from '@/lib/format';
import { queryKeys } from '@/lib/query';

/** The message budgets of the caller's scope (server notify/budget.ts), for staff only. */
function useMessageBudgets(enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.events.messageBudgets,
    queryFn: ({ signal }) => call(apiRoutes.delivery.messageBudgets, { signal }),
    enabled,
    refetchInterval: 60_000,
  });
}

/**
 * Near a message budget, Admins see a banner; over it (messages of that class wait),
 * Admins and the Kita's managers see which budget holds how many messages and until when.
 */
export function MessageBudgetBanner() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const staff = user?.role === 'Admin' || user?.role === 'KitaManager';
  const budgets = useMessageBudgets(staff);
  const admin = user?.role === 'Admin';
  const shown = (budgets.data ?? []).filter((b) => b.state === 'over' || (admin && b.state === 'near'));
  if (!staff || shown.length === 0) return null;
  const over = shown.some((b) => b.state === 'over');
  return (
    <Alert variant={over ? 'destructive' : 'default'} role="status" data-qa="message-budget-banner">
      <GaugeIcon aria-hidden="true" />
      <AlertTitle>{t(over ? 'delivery.budget.titleOver' : 'delivery.budget.titleNear')}</AlertTitle>
      <AlertDescription>
        <ul className="flex flex-col gap-0.5">
          {shown.map((b) => (
            <li key={`${b.budget}:${b.kitaId ?? ''}`} data-qa={`message-budget-${b.budget}`}>
              {t('delivery.budget.line', { name: t(`delivery.budget.names.${b.budget}`), used: b.used, limit: b.limit })}
              {b.held > 0 && <> {t('delivery.budget.held', { count: b.held, time: formatWith(b.resetsAt, 'dd.MM., HH:mm') })}</>}
            </li>
          ))}
        </ul>
        <p className="mt-1">{t('delivery.budget.explain')}</p>
      </AlertDescription>
    </Alert>
  );
}
