import type { Catalog } from '../types.js';
import type { nav as de } from '../de/nav.js';

export const nav: Catalog<typeof de> = {
  sidebarLabel: 'Main navigation',
  toggleSidebar: 'Toggle sidebar',
  breadcrumbLabel: 'Breadcrumb',
  groups: {
    management: 'Management',
    kita: 'Kita info',
    parent: 'Parent info',
  },
  items: {
    deliveryTest: 'Delivery test',
    kitas: 'Kitas',
    users: 'Users',
    parents: 'Parents',
    dashboard: 'Dashboard',
    categories: 'Categories',
    managers: 'Managers',
    children: 'Children',
    kitaParents: 'Parents',
    registration: 'Registrations',
    events: 'Events',
    myProfile: 'My Profile',
    history: 'Events/history',
    auditLog: 'Audit log',
    erasureRequests: 'Erasure requests',
  },
  crumbs: {
    home: 'Home',
    kita: 'Kita',
    notFound: 'Not found',
  },
  language: {
    label: 'Language',
    current: 'Language: {{language}}',
    de: 'Deutsch',
    en: 'English',
  },
  roles: {
    Admin: 'Administrator',
    KitaManager: 'Kita manager',
    Parent: 'Parent',
  },
  skipToContent: 'Skip to content',
  logout: 'Log out',
};
