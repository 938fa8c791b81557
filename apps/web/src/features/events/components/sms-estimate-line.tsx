import { useQuery } from '@tanstack/react-query';
import { MessageSquareTextIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { LANGUAGE_NAMES, type EventType } from '@kita/shared';
import { apiRoutes } from '@kita/shared/api/routes';
import { call } from '@/lib/api';
import { queryKeys } from '@/lib/query';

export interface SmsEstimateInput {
  kitaId: string;
  categoryId?: string;
  eventType: EventType;
  /** The care dates of a future inquiry as the form's preview resolves them (undefined until complete). */
  dates?: { eventDate: string; expireDate: string; responseDeadline: string };
}

/**
 * The SMS an inquiry will cost, shown in the event form before it is sent: the server composes the
 * inquiry SMS in each SMS family's language (Cyrillic and Arabic need UCS-2: more parts) and counts
 * the billed parts. Nothing is shown until the category (and, for a future inquiry, the care
 * dates) are chosen.
 */
export function SmsEstimateLine({ kitaId, categoryId, eventType, dates }: SmsEstimateInput) {
  const { t } = useTranslation();
  const ready = !!categoryId && (eventType === 'immediate' || !!dates);
  const future = eventType === 'future' && dates ? { eventDate: dates.eventDate, expireDate: dates.expireDate, responseDeadline: dates.responseDeadline } : {};
  const query: Record<string, string | undefined> = { kitaId, categoryId, eventType, ...future };
  const estimate = useQuery({
    queryKey: queryKeys.events.smsEstimate(query),
    queryFn: ({ signal }) => call(apiRoutes.events.smsEstimate, { signal, query: { kitaId, categoryId: categoryId!, eventType, ...future } }),
    enabled: ready,
    staleTime: 30_000,
  });
  const e = estimate.data;
  if (!ready || !e) return null;
  return (
    <div className="bg-muted rounded-md p-3 text-sm" data-qa="event-sms-estimate" aria-live="polite">
      <p className="text-muted-foreground flex items-center gap-1.5 text-xs font-medium">
        <MessageSquareTextIcon className="size-3.5" aria-hidden="true" />
        {t('messages.estimate.title')}
      </p>
      {e.smsFamilies === 0 ? (
        <p className="mt-1" data-qa="event-sms-estimate-none">
          {t('messages.estimate.none')}
        </p>
      ) : (
        <>
          <p className="mt-1 font-medium" data-qa="event-sms-estimate-summary">
            {t('messages.estimate.summary', { segments: e.segments, sms: e.smsFamilies, email: e.emailFamilies })}
          </p>
          <p className="text-muted-foreground mt-1 text-xs" id="event-sms-estimate-languages-label">
            {t('messages.estimate.perLanguageLabel')}
          </p>
          <ul className="flex flex-wrap gap-x-3 gap-y-0.5" aria-labelledby="event-sms-estimate-languages-label" data-qa="event-sms-estimate-languages">
            {e.byLanguage.map((l) => (
              <li key={l.language} data-qa={`event-sms-estimate-${l.language}`}>
                {t('messages.estimate.perLanguage', { language: LANGUAGE_NAMES[l.language], families: l.smsFamilies, each: l.segmentsEach })}
              </li>
            ))}
          </ul>
          <p className="text-muted-foreground mt-1 text-xs">{t('messages.estimate.hint')}</p>
        </>
      )}
    </div>
  );
}
