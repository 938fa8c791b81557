import * as React from 'react';
import { useTranslation } from 'react-i18next';
import { carePeriodParts, formatDeadline } from '@kita/shared';
import { LANGUAGES } from '@/lib/i18n';
import type { Language } from '@kita/shared';

/**
 * The care day(s) and the answer deadline of an inquiry, named separately in the Kita's zone and
 * the UI language ("am Mi, 25.11.", "Di, 24.11., 18:00"), the same words as e-mails, SMS and PDF.
 */
export function useCareDays() {
  const { t, i18n } = useTranslation();
  const lang: Language = LANGUAGES.includes(i18n.language as Language) ? (i18n.language as Language) : 'de';
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
