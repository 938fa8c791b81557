import type * as React from 'react';
import { Link } from 'react-router';
import { Brand } from '@/components/brand';
import { LanguageToggle } from '@/components/language-toggle';

/** Frame of the stand-alone status pages (/unauthorized, /error, 404): brand, language, centred content. */
export function CenteredPage({ children }: { children: React.ReactNode }) {
  return (
    <div className="bg-muted/40 flex min-h-svh flex-col">
      <header className="bg-background flex flex-wrap items-center justify-between gap-2 border-b px-4 py-3 md:px-6">
        <Link to="/" className="rounded-md outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50">
          <Brand />
        </Link>
        <LanguageToggle />
      </header>
      <main className="flex flex-1 items-center justify-center p-4 sm:p-6">{children}</main>
    </div>
  );
}

/** A status card: icon, title (h1), text and actions. */
export function StatusCard({
  icon,
  title,
  children,
  actions,
  qa,
}: {
  icon: React.ReactNode;
  title: React.ReactNode;
  children?: React.ReactNode;
  actions?: React.ReactNode;
  qa: string;
}) {
  return (
    <section
      className="bg-card text-card-foreground flex w-full max-w-lg flex-col items-center gap-4 rounded-xl border p-8 text-center shadow-sm sm:p-10"
      data-qa={qa}
    >
      <div className="flex size-14 items-center justify-center rounded-full bg-primary/20 text-foreground">{icon}</div>
      <h1 className="text-2xl font-semibold tracking-tight" data-qa="page-title">
        {title}
      </h1>
      {children && <div className="text-muted-foreground text-sm leading-relaxed">{children}</div>}
      {actions && <div className="mt-2 flex flex-wrap justify-center gap-2">{actions}</div>}
    </section>
  );
}
