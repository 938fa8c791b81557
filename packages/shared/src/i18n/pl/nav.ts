import type { FamilyNamespace } from '../types.js';

export const nav: FamilyNamespace<'pl', 'nav'> = {
  sidebarLabel: 'Nawigacja główna',
  toggleSidebar: 'Pokaż lub ukryj panel boczny',
  breadcrumbLabel: 'Ścieżka strony',
  groups: {
    management: 'Administracja',
    kita: 'Informacje o Kita',
    parent: 'Informacje dla rodziców',
  },
  items: {
    deliveryTest: 'Test wysyłki',
    kitas: 'Kity',
    users: 'Użytkownicy',
    parents: 'Rodzice',
    dashboard: 'Przegląd',
    categories: 'Kategorie',
    managers: 'Kierownictwo',
    children: 'Dzieci',
    kitaParents: 'Rodzice',
    registration: 'Rejestracje',
    events: 'Ankiety',
    myProfile: 'Mój profil',
    auditLog: 'Dziennik audytu',
    erasureRequests: 'Wnioski o usunięcie',
    history: 'Ankiety i historia',
  },
  crumbs: {
    home: 'Strona główna',
    kita: 'Kita',
    notFound: 'Nie znaleziono',
  },
  language: {
    label: 'Język',
    current: 'Język: {{language}}',
    de: 'Deutsch',
    en: 'English',
    more: 'Inne języki',
  },
  roles: {
    Admin: 'Administrator',
    KitaManager: 'Kierownictwo Kita',
    Parent: 'Rodzic',
  },
  skipToContent: 'Przejdź do treści',
  logout: 'Wyloguj się',
};
