import * as React from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useMatches } from 'react-router';
import {
  Breadcrumb,
  BreadcrumbItem,
  BreadcrumbLink,
  BreadcrumbList,
  BreadcrumbPage,
  BreadcrumbSeparator,
} from '@/components/ui/breadcrumb';
import { homePathFor, useAuth } from '@/lib/auth';
import { translateMessage } from '@/lib/i18n';
import type { RouteHandle } from '@/lib/routing';

interface CrumbItem {
  id: string;
  to: string;
  label: React.ReactNode;
}

/**
 * Home, then one entry per matched route whose `handle.crumb` is set (see lib/routing.tsx).
 * Home is the parent's profile for parents, their Kita's dashboard for managers, else '/'.
 */
export function Breadcrumbs() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const matches = useMatches();
  const home = homePathFor(user);
  const crumbs: CrumbItem[] = [];
  for (const match of matches) {
    const crumb = (match.handle as RouteHandle | undefined)?.crumb;
    if (!crumb) continue;
    const label = typeof crumb === 'string' ? translateMessage(crumb) : crumb(match.params);
    crumbs.push({ id: match.id, to: match.pathname, label });
  }
  const items: CrumbItem[] = [{ id: 'home', to: home, label: t('nav.crumbs.home') }, ...crumbs.filter((c) => c.to !== home)];

  return (
    <Breadcrumb aria-label={t('nav.breadcrumbLabel')} data-qa="breadcrumbs" className="min-w-0">
      <BreadcrumbList className="flex-nowrap">
        {items.map((item, index) => {
          const last = index === items.length - 1;
          return (
            <React.Fragment key={item.id}>
              {index > 0 && <BreadcrumbSeparator className={index < items.length - 1 ? 'hidden md:block' : undefined} />}
              <BreadcrumbItem className={!last ? 'hidden md:inline-flex' : 'min-w-0'}>
                {/* Crumb components may load lazily (lazyCrumb); show an ellipsis meanwhile. */}
                <React.Suspense fallback="…">
                  {last ? (
                    <BreadcrumbPage className="truncate">{item.label}</BreadcrumbPage>
                  ) : (
                    <BreadcrumbLink asChild>
                      <Link to={item.to} data-qa={item.id === 'home' ? 'breadcrumb-home' : undefined}>
                        {item.label}
                      </Link>
                    </BreadcrumbLink>
                  )}
                </React.Suspense>
              </BreadcrumbItem>
            </React.Fragment>
          );
        })}
      </BreadcrumbList>
    </Breadcrumb>
  );
}
