import { BellRingIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { useCareDays } from '@/hooks/use-care-days';
import { useOpenInquiries } from '../queries';

/**
 * On the parent's own profile (where a login lands): the open inquiries that still wait for an
 * answer for one of the family's children, each with its care days, the deadline and a link to
 * the answer buttons ("Abfragen & Verlauf"). Without it, a parent logging in during an open inquiry
 * landed on the profile and nothing said that an answer was due.
 */
export function AnswerDueBanner({ parentId }: { parentId: string }) {
  const { t } = useTranslation();
  const care = useCareDays();
  const open = useOpenInquiries(parentId);
  const due = (open.data ?? []).filter((view) => view.children.some((c) => !c.preferenceType));
  if (due.length === 0) return null;
  return (
    <section
      role="status"
      aria-labelledby="answer-due-title"
      className="flex flex-col gap-3 rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-50"
      data-qa="answer-due"
    >
      <h2 id="answer-due-title" className="flex items-center gap-2 font-semibold">
        <BellRingIcon className="size-4 shrink-0" aria-hidden="true" />
        {t('results.answerDue.title', { count: due.length })}
      </h2>
      <ul className="flex flex-col gap-1 text-sm">
        {due.map(({ event: e, children }) => (
          <li key={e.eventId} data-qa="answer-due-item">
            {t('results.answerDue.item', {
              kitaName: e.kitaName,
              careDays: e.eventType === 'immediate' ? t('preference.today') : care.period(e),
              deadline: care.deadline(e),
              children: children.filter((c) => !c.preferenceType).map((c) => c.childName).join(', '),
            })}
          </li>
        ))}
      </ul>
      <div>
        <Button asChild size="sm" data-qa="answer-due-link">
          <Link to={`/parents/${parentId}/history`}>{t('results.answerDue.action')}</Link>
        </Button>
      </div>
    </section>
  );
}
