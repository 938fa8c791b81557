import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/utils';

/** The product mark: a yellow tile with a house, plus the app name. */
export function BrandMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" aria-hidden="true" className={cn('size-8 shrink-0', className)}>
      <rect width="32" height="32" rx="7" fill="var(--primary)" />
      <path d="M8 15.5 16 9l8 6.5V24a1 1 0 0 1-1 1h-4.5v-5.5h-5V25H9a1 1 0 0 1-1-1z" fill="var(--primary-foreground)" />
    </svg>
  );
}

export function Brand({ className }: { className?: string }) {
  const { t } = useTranslation();
  return (
    <span className={cn('flex items-center gap-2.5 font-semibold', className)}>
      <BrandMark />
      <span className="truncate">{t('common.appName')}</span>
    </span>
  );
}
