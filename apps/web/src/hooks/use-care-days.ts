import * as React from 'react';
import { useTranslation } from 'react-i18next';
import { carePeriodParts, formatDeadline } from '@kita/shared';

/**
 * The care day(s) and the answer deadline of an inquiry, named separately in the Kita's zone and
 * the UI language ("am Mi, 25.11.", "Di, 24.11., 18:00"), the same words as e-mails, SMS and PDF.
 */
export function useCareDays() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language === 'en' ? 'en' : 'de';
  return React.useMemo(
    () => ({
      period: (e: { eventDate: string; expireDate: string; timezone: string }) => {
        const { key, vars } = carePeriodParts(lang, e.eventDate, e.expireDate, e.timezone);
        return t(key, vars);
      },
      deadline: (e: { responseDeadline: string; timezone: string }) => formatDeadline(lang, e.responseDeadline, e.timezone),
    }),
    [t, lang],
  );
}
