import type * as React from 'react';
import type { LucideIcon } from 'lucide-react';
import { Link } from 'react-router';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { AuthShell } from '@/components/auth-shell';
import { cn } from '@/lib/utils';

/** The frame of the public account pages: the login's shell with one card (title as the page's h1). */
export function AccountCard({
  title,
  description,
  children,
  qa,
  wide = false,
  top,
}: {
  title: React.ReactNode;
  description?: React.ReactNode;
  children: React.ReactNode;
  qa: string;
  wide?: boolean;
  /** Shown above the card, as the first thing of the page (the registration's language picker); replaces the corner switch. */
  top?: React.ReactNode;
}) {
  const card = (
      <Card className={cn(wide ? 'w-full max-w-2xl gap-5 shadow-md' : 'w-full max-w-md gap-5 shadow-md', wide && !top && 'my-4')} data-qa={qa}>
        <CardHeader className="gap-2">
          <CardTitle>
            <h1 className="text-2xl font-semibold tracking-tight" data-qa="page-title">
              {title}
            </h1>
          </CardTitle>
          {description && <CardDescription>{description}</CardDescription>}
        </CardHeader>
        <CardContent>{children}</CardContent>
      </Card>
  );
  if (!top) return <AuthShell>{card}</AuthShell>;
  return (
    <AuthShell languageSwitch={false}>
      <div className={wide ? 'my-4 grid w-full max-w-2xl gap-4' : 'grid w-full max-w-md gap-4'}>
        {top}
        {card}
      </div>
    </AuthShell>
  );
}


/** An account page opened without what it needs (a link's token, a pending SMS code): the problem and one way on. */
export function MissingLinkCard({
  qa,
  title,
  alertQa,
  message,
  to,
  linkLabel,
}: {
  qa: string;
  title: string;
  alertQa: string;
  message: string;
  to: string;
  linkLabel: string;
}) {
  return (
    <AccountCard qa={qa} title={title}>
      <div className="grid gap-4">
        <Alert variant="destructive" data-qa={alertQa}>
          <AlertDescription>{message}</AlertDescription>
        </Alert>
        <Button asChild>
          <Link to={to}>{linkLabel}</Link>
        </Button>
      </div>
    </AccountCard>
  );
}

const noticeTones = { primary: 'text-primary', success: 'text-emerald-600', destructive: 'text-destructive' } as const;

/**
 * The outcome of an account step (registration sent, mail sent, e-mail verified or not): an icon
 * beside the text; a destructive notice is announced as an alert, the others as a status.
 */
export function AccountNotice({ icon: Icon, tone, children }: { icon: LucideIcon; tone: keyof typeof noticeTones; children: React.ReactNode }) {
  return (
    <div className="flex items-start gap-3" role={tone === 'destructive' ? 'alert' : 'status'}>
      <Icon className={`${noticeTones[tone]} mt-0.5 size-6 shrink-0`} aria-hidden="true" />
      {children}
    </div>
  );
}
