import type * as React from 'react';

/** One labelled figure of a card's `<dl>` grid (event card, result card): small caps label, value below. */
export function Fact({ label, children, qa }: { label: string; children: React.ReactNode; qa: string }) {
  return (
    <div className="flex flex-col gap-0.5">
      <dt className="text-muted-foreground text-xs font-medium tracking-wide uppercase">{label}</dt>
      <dd className="text-sm font-medium break-words" data-qa={qa}>
        {children}
      </dd>
    </div>
  );
}
