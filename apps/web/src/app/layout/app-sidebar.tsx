import { useTranslation } from 'react-i18next';
import { Link, useLocation, useMatch } from 'react-router';
import { Brand } from '@/components/brand';
import { Sidebar, SidebarContent, SidebarFooter, SidebarHeader, SidebarRail } from '@/components/ui/sidebar';
import { useSidebar } from '@/components/ui/sidebar-context';
import {
  SidebarGroup,
  SidebarGroupContent,
  SidebarGroupLabel,
  SidebarMenu,
  SidebarMenuButton,
  SidebarMenuItem,
  SidebarSeparator,
} from '@/components/ui/sidebar-menu';
import { homePathFor, useAuth } from '@/lib/auth';
import { navGroupsFor } from './nav-items';

function initials(name: string): string {
  const parts = name.trim().split(/\s+/);
  return `${parts[0]?.[0] ?? ''}${parts.length > 1 ? (parts[parts.length - 1]?.[0] ?? '') : ''}`.toUpperCase();
}

export function AppSidebar() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const { pathname } = useLocation();
  const { isMobile, setOpenMobile } = useSidebar();
  const kitaMatch = useMatch('/kitas/:kitaId/*');
  if (!user) return null;
  const groups = navGroupsFor(user, kitaMatch?.params.kitaId ?? null);
  // On phones the sidebar is a sheet: close it once an entry is chosen.
  const onNavigate = () => isMobile && setOpenMobile(false);

  return (
    <Sidebar collapsible="icon" data-qa="app-sidebar">
      <SidebarHeader className="h-14 justify-center border-b px-2">
        <SidebarMenu>
          <SidebarMenuItem>
            <SidebarMenuButton asChild size="lg" className="h-10 group-data-[collapsible=icon]:p-0!">
              <Link to={homePathFor(user)} onClick={onNavigate} data-qa="sidebar-home" aria-label={t('common.appName')}>
                <Brand />
              </Link>
            </SidebarMenuButton>
          </SidebarMenuItem>
        </SidebarMenu>
      </SidebarHeader>
      <SidebarContent>
        <nav aria-label={t('nav.sidebarLabel')}>
          {groups.map((group) => (
            <SidebarGroup key={group.id} data-qa={`sidebar-group-${group.id}`}>
              <SidebarGroupLabel>{t(group.label)}</SidebarGroupLabel>
              <SidebarGroupContent>
                <SidebarMenu>
                  {group.items.map((item) => {
                    const active = item.active(pathname);
                    return (
                      <SidebarMenuItem key={item.id}>
                        <SidebarMenuButton asChild isActive={active} tooltip={t(item.label)}>
                          <Link
                            to={item.href}
                            onClick={onNavigate}
                            aria-current={active ? 'page' : undefined}
                            data-qa={`nav-${item.id}`}
                          >
                            <item.icon aria-hidden="true" />
                            <span>{t(item.label)}</span>
                          </Link>
                        </SidebarMenuButton>
                      </SidebarMenuItem>
                    );
                  })}
                </SidebarMenu>
              </SidebarGroupContent>
            </SidebarGroup>
          ))}
        </nav>
      </SidebarContent>
      <SidebarSeparator />
      <SidebarFooter>
        <div className="flex items-center gap-2 rounded-md p-1 group-data-[collapsible=icon]:p-0" data-qa="sidebar-user">
          <span
            aria-hidden="true"
            className="bg-sidebar-accent text-sidebar-accent-foreground flex size-8 shrink-0 items-center justify-center rounded-full text-xs font-semibold"
          >
            {initials(user.name)}
          </span>
          <div className="grid min-w-0 text-left text-sm leading-tight group-data-[collapsible=icon]:hidden">
            <span className="truncate font-medium">{user.name}</span>
            <span className="text-muted-foreground truncate text-xs">{t(`nav.roles.${user.role}`)}</span>
          </div>
        </div>
      </SidebarFooter>
      <SidebarRail />
    </Sidebar>
  );
}
