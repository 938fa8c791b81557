import { useTranslation } from 'react-i18next';
import type { Language } from '@kita/shared';
import { currentLanguage, LANGUAGE_NAMES } from '@/lib/i18n';

/**
 * A family's language as staff need it (parents list, event page, phoned answers): its name in
 * the reader's language and, when that differs, in itself ("Arabisch · العربية").
 */
export function LanguageName({ language }: { language: Language }) {
  const { t } = useTranslation();
  const own = LANGUAGE_NAMES[language];
  const name = t(`parents.language.${language}`);
  return (
    <span data-qa="language-name" data-language={language}>
      {name}
      {currentLanguage() !== language && own !== name && (
        <>
          {' · '}
          <bdi lang={language}>{own}</bdi>
        </>
      )}
    </span>
  );
}
