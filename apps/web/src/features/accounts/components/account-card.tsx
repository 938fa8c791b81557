import type * as React from 'react';
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

