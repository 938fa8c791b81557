import type * as React from 'react';
import { ArrowLeftIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';

export interface PageHeaderProps {
  title: React.ReactNode;
  description?: React.ReactNode;
  /** Buttons on the right (e.g. "Add"). */
  actions?: React.ReactNode;
  /** Shows a back button: `true` goes back in history, a string goes to that path. */
  back?: boolean | string;
  className?: string;
}

/** The page's h1 with an optional description, back button and actions. */
export function PageHeader({ title, description, actions, back, className }: PageHeaderProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <div className={cn('flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between', className)}>
      <div className="flex min-w-0 items-start gap-3">
        {back && (
          <Button
            variant="outline"
            size="icon"
            className="mt-0.5 shrink-0"
            onClick={() => (typeof back === 'string' ? navigate(back) : navigate(-1))}
            data-qa="page-back"
          >
            <ArrowLeftIcon className="rtl:rotate-180" />
            <span className="sr-only">{t('common.actions.back')}</span>
          </Button>
        )}
        <div className="min-w-0">
          <h1 className="text-2xl font-semibold tracking-tight break-words" data-qa="page-title">
            {title}
          </h1>
          {description && <p className="text-muted-foreground mt-1 text-sm">{description}</p>}
        </div>
      </div>
      {actions && <div className="flex shrink-0 flex-wrap items-center gap-2">{actions}</div>}
    </div>
  );
}
