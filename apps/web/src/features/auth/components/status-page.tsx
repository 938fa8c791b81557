import type * as React from 'react';
import { Link } from 'react-router';
import { CenteredPage, StatusCard } from '@/components/centered-page';
import { Button } from '@/components/ui/button';
import { homePathFor, useAuth } from '@/lib/auth';

/**
 * /error and /unauthorized: a status card with one button home (a parent's profile, a manager's
 * Kita, / for the rest). Test ids: `${qa}-page` for the card, `${qa}-home` for the button.
 */
export function StatusPage({ qa, icon, title, home, children }: { qa: string; icon: React.ReactNode; title: string; home: string; children: React.ReactNode }) {
  const { user } = useAuth();
  return (
    <CenteredPage>
      <StatusCard
        qa={`${qa}-page`}
        icon={icon}
        title={title}
        actions={
          <Button asChild>
            <Link to={user ? homePathFor(user) : '/'} data-qa={`${qa}-home`}>
              {home}
            </Link>
          </Button>
        }
      >
        {children}
      </StatusCard>
    </CenteredPage>
  );
}
