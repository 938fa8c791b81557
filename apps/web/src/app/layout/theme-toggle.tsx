import { MoonIcon, SunIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { useTheme } from '@/lib/theme';

/** Light/dark switch (stored under 'vite-ui-theme'). */
export function ThemeToggle() {
  const { t } = useTranslation();
  const { theme, setTheme } = useTheme();
  const dark = theme === 'dark';
  return (
    <Button
      variant="ghost"
      size="icon"
      onClick={() => setTheme(dark ? 'light' : 'dark')}
      aria-label={t('common.theme.toggle')}
      aria-pressed={dark}
      title={dark ? t('common.theme.light') : t('common.theme.dark')}
      data-qa="theme-toggle"
    >
      {dark ? <SunIcon /> : <MoonIcon />}
    </Button>
  );
}
