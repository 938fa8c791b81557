import type * as React from 'react';
import { Link } from 'react-router';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { AuthShell } from '@/components/auth-shell';

/** The frame of the public account pages: the login's shell with one card (title as the page's h1). */
export function AccountCard({
  title,
  description,
  children,
  qa,
  wide = false,
}: {
  title: React.ReactNode;
  description?: React.ReactNode;
  children: React.ReactNode;
  qa: string;
  wide?: boolean;
}) {
  return (
    <AuthShell>
      <Card className={wide ? 'my-4 w-full max-w-2xl gap-5 shadow-md' : 'w-full max-w-md gap-5 shadow-md'} data-qa={qa}>
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
