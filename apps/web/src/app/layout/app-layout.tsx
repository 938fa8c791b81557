import { useTranslation } from 'react-i18next';
import { Outlet, useNavigation } from 'react-router';
import { SidebarInset, SidebarProvider } from '@/components/ui/sidebar';
import { ChannelPauseBanner } from '@/features/operations/components/channel-pause-banner';
import { RequireAuth } from '@/lib/guards';
import { MessageBudgetBanner } from '@/features/events/components/message-budget-banner';
import { SessionSync } from '../session-sync';
import { AppHeader } from './app-header';
import { AppSidebar } from './app-sidebar';

/** Top edge progress line while a lazily loaded screen (or its loader) is on the way. */
function NavigationProgress() {
  const navigation = useNavigation();
  if (navigation.state === 'idle') return null;
  return <div aria-hidden="true" className="bg-primary fixed inset-x-0 top-0 z-50 h-0.5 animate-pulse" />;
}

/** The app shell for every logged-in page: sidebar, header with breadcrumbs, and the page. */
export default function AppLayout() {
  const { t } = useTranslation();
  return (
    <RequireAuth>
      <SessionSync />
      <NavigationProgress />
      <a
        href="#main-content"
        className="bg-primary text-primary-foreground sr-only z-50 rounded-md px-3 py-2 focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        {t('nav.skipToContent')}
      </a>
      <SidebarProvider>
        <AppSidebar />
        <SidebarInset>
          <AppHeader />
          <main id="main-content" tabIndex={-1} className="flex flex-1 flex-col gap-6 p-4 outline-none md:p-6" data-qa="app-main">
            <ChannelPauseBanner />
            {/* Near or over a message budget: Admins and the Kita's managers see why messages wait. */}
            <MessageBudgetBanner />
            <Outlet />
          </main>
        </SidebarInset>
      </SidebarProvider>
    </RequireAuth>
  );
}
