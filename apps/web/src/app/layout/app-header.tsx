import { LogOutIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { LanguageToggle } from '@/components/language-toggle';
import { Button } from '@/components/ui/button';
import { Separator } from '@/components/ui/separator';
import { SidebarTrigger } from '@/components/ui/sidebar';
import { useAuth } from '@/lib/auth';
import { Breadcrumbs } from './breadcrumbs';
import { ThemeToggle } from './theme-toggle';

/** Sidebar toggle, breadcrumbs, then theme, language and logout on the right. */
export function AppHeader() {
  const { t } = useTranslation();
  const { logout, user } = useAuth();
  return (
    <header
      className="bg-background/95 supports-[backdrop-filter]:bg-background/80 sticky top-0 z-20 flex h-14 shrink-0 items-center gap-2 border-b px-3 backdrop-blur md:px-4"
      data-qa="app-header"
    >
      <SidebarTrigger className="-ms-1" />
      <Separator orientation="vertical" className="me-1 data-[orientation=vertical]:h-4" />
      <div className="min-w-0 flex-1">
        <Breadcrumbs />
      </div>
      <div className="flex shrink-0 items-center gap-1">
        <ThemeToggle />
        {/* Staff screens stay German and English; a parent may choose any family language. */}
        <LanguageToggle staff={user?.role !== 'Parent'} />
        <Button variant="outline" size="sm" onClick={logout} data-qa="logout" className="ms-1">
          <LogOutIcon aria-hidden="true" />
          <span className="hidden sm:inline">{t('nav.logout')}</span>
          <span className="sr-only sm:hidden">{t('nav.logout')}</span>
        </Button>
      </div>
    </header>
  );
}
