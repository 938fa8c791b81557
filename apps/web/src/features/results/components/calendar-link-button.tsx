import { CalendarPlusIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';

/**
 * "Add to calendar" for a place in the parent's history (docs/domain.md "The place in the
 * calendar"). A plain link to the family's calendar file that the server serves as text/calendar:
 * a phone's browser hands it to the calendar app (iOS ignores calendar files a page builds itself),
 * a desktop browser saves the .ics file. The address comes from the history's answer.
 */
export function CalendarLinkButton({ href, childName, short = false }: { href: string; childName: string; short?: boolean }) {
  const { t } = useTranslation();
  return (
    <Button asChild variant="outline" size="sm">
      <a
        href={href}
        aria-label={t('results.calendar.buttonLabel', { childName })}
        data-qa="add-to-calendar"
        onClick={(event) => event.stopPropagation()}
      >
        <CalendarPlusIcon aria-hidden="true" />
        {short ? null : t('results.calendar.button')}
      </a>
    </Button>
  );
}
