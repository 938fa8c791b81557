import type * as React from 'react';
import { AlertTriangleIcon, FileQuestionIcon, Loader2Icon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/api';
import { cn } from '@/lib/utils';

/** A centred spinner with a text for pages and panels that wait for data. */
export function LoadingState({ label, className }: { label?: string; className?: string }) {
  const { t } = useTranslation();
  return (
    <div
      role="status"
      aria-live="polite"
      data-qa="loading-state"
      className={cn('text-muted-foreground flex min-h-32 items-center justify-center gap-2 p-6 text-sm', className)}
    >
      <Loader2Icon className="size-4 animate-spin" aria-hidden="true" />
      <span>{label ?? t('common.state.loading')}</span>
    </div>
  );
}

interface MessagePanelProps {
  icon: React.ReactNode;
  title: string;
  message?: React.ReactNode;
  children?: React.ReactNode;
  className?: string;
  qa: string;
  role?: 'alert' | 'status';
  /** Render the title as the page's h1 (when the panel is the whole page). */
  asPage?: boolean;
}

function MessagePanel({ icon, title, message, children, className, qa, role, asPage = false }: MessagePanelProps) {
  const Heading = asPage ? 'h1' : 'h2';
  return (
    <div
      role={role}
      data-qa={qa}
      className={cn('flex min-h-48 flex-col items-center justify-center gap-3 p-8 text-center', className)}
    >
      <div className="bg-muted text-muted-foreground flex size-12 items-center justify-center rounded-full">{icon}</div>
      <Heading className={asPage ? 'text-2xl font-semibold tracking-tight' : 'text-lg font-semibold'}>{title}</Heading>
      {message && <p className="text-muted-foreground max-w-md text-sm">{message}</p>}
      {children && <div className="mt-2 flex flex-wrap items-center justify-center gap-2">{children}</div>}
    </div>
  );
}

/** Shows why data could not be loaded, with an optional retry. */
export function ErrorState({
  title,
  error,
  message,
  onRetry,
  asPage = false,
  className,
}: {
  asPage?: boolean;
  title?: string;
  /** The failure; its message (server or transport text) is shown. */
  error?: unknown;
  /** Shown instead of the error's message. */
  message?: string;
  onRetry?: () => void;
  className?: string;
}) {
  const { t } = useTranslation();
  const text = message ?? (error === undefined ? t('common.state.errorText') : errorMessage(error));
  return (
    <MessagePanel
      qa="error-state"
      asPage={asPage}
      role="alert"
      className={className}
      icon={<AlertTriangleIcon className="text-destructive size-6" aria-hidden="true" />}
      title={title ?? t('common.state.errorTitle')}
      message={text}
    >
      {onRetry && (
        <Button variant="outline" onClick={onRetry} data-qa="error-retry">
          {t('common.actions.retry')}
        </Button>
      )}
    </MessagePanel>
  );
}

/** "Not found" for a page or a record; with `homeTo` a button leads back. */
export function NotFound({
  title,
  message,
  homeTo = '/',
  showHome = true,
  asPage = false,
  className,
}: {
  title?: string;
  message?: string;
  homeTo?: string;
  showHome?: boolean;
  asPage?: boolean;
  className?: string;
}) {
  const { t } = useTranslation();
  return (
    <MessagePanel
      qa="not-found"
      asPage={asPage}
      className={className}
      icon={<FileQuestionIcon className="size-6" aria-hidden="true" />}
      title={title ?? t('common.state.notFoundTitle')}
      message={message ?? t('common.state.notFoundText')}
    >
      {showHome && (
        <Button asChild>
          <Link to={homeTo} data-qa="not-found-home">
            {t('common.actions.home')}
          </Link>
        </Button>
      )}
    </MessagePanel>
  );
}
