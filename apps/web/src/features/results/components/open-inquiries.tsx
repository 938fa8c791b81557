import { ClockIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { PreferenceType } from '@kita/shared';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { ChildChoice } from '@/features/preference/components/child-choice';
import { useCareDays } from '@/hooks/use-care-days';
import { ApiError } from '@/lib/api';
import { notifyError } from '@/lib/notify';
import { useOpenInquiries, useSaveOpenAnswer } from '../queries';

/**
 * The open inquiries that ask the logged-in parent's family, first on "Abfragen & Verlauf", with
 * the same answer buttons as the /preference page (answers go with the login session).
 */
export function OpenInquiries({ parentId }: { parentId: string }) {
  const { t } = useTranslation();
  const care = useCareDays();
  // Under the parents' prefix: parent mutations and closes already refresh it.
  const open = useOpenInquiries(parentId);
  const save = useSaveOpenAnswer();

  if (!open.data || open.data.length === 0) return null;
  return (
    <section aria-labelledby="open-inquiries-title" className="flex flex-col gap-4" data-qa="open-inquiries">
      <h2 id="open-inquiries-title" className="text-lg font-semibold">
        {t('results.history.openTitle')}
      </h2>
      {open.data.map((view) => {
        const e = view.event;
        const options: PreferenceType[] = e.eventType === 'immediate' ? ['red', 'yellow', 'green', 'blue'] : ['red', 'yellow', 'green'];
        return (
          <Card key={e.eventId} data-qa="open-inquiry">
            <CardHeader>
              <CardTitle className="text-base">
                {t('results.history.openCard', { kitaName: e.kitaName, careDays: e.eventType === 'immediate' ? t('preference.today') : care.period(e) })}
              </CardTitle>
              <CardDescription className="flex items-center gap-1" data-qa="open-inquiry-deadline">
                <ClockIcon className="size-3.5 shrink-0" aria-hidden="true" />
                {t('results.history.openDeadline', { deadline: care.deadline(e) })}
              </CardDescription>
              {/* The Kita's own words, usually German: their own direction inside a right-to-left page. */}
              {e.description && (
                <p className="text-sm font-medium" dir="auto">
                  {e.description}
                </p>
              )}
              <p className="text-sm">{t('preference.sought', { count: e.threshold })}</p>
            </CardHeader>
            <CardContent>
              <ul className="flex flex-col gap-3" aria-label={t('preference.childrenLabel')}>
                {view.children.map((child) => (
                  <ChildChoice
                    key={child.childId}
                    child={child}
                    options={options}
                    saving={save.isPending}
                    onChoose={async (preferenceType) => {
                      try {
                        await save.mutateAsync({ eventId: e.eventId, childId: child.childId, preferenceType });
                        return true;
                      } catch (error) {
                        notifyError(t('preference.saveErrorTitle'), error instanceof ApiError ? error : new Error(t('preference.saveFailed')));
                        return false;
                      }
                    }}
                  />
                ))}
              </ul>
            </CardContent>
          </Card>
        );
      })}
    </section>
  );
}
