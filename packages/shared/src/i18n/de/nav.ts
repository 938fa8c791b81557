/** Sidebar, header and breadcrumb texts of the app shell. */
export const nav = {
  sidebarLabel: 'Hauptnavigation',
  toggleSidebar: 'Seitenleiste ein-/ausblenden',
  breadcrumbLabel: 'Brotkrumennavigation',
  groups: {
    management: 'Verwaltung',
    kita: 'Kita-Infos',
    parent: 'Eltern-Infos',
  },
  items: {
    deliveryTest: 'Zustelltest',
    kitas: 'Kitas',
    users: 'Benutzer',
    parents: 'Eltern',
    dashboard: 'Übersicht',
    categories: 'Kategorien',
    managers: 'Leitungen',
    children: 'Kinder',
    kitaParents: 'Eltern',
    registration: 'Registrierungen',
    events: 'Bedarfsabfragen',
    myProfile: 'Mein Profil',
    history: 'Abfragen & Verlauf',
  },
  crumbs: {
    home: 'Startseite',
    kita: 'Kita',
    notFound: 'Nicht gefunden',
  },
  language: {
    label: 'Sprache',
    current: 'Sprache: {{language}}',
    de: 'Deutsch',
    en: 'English',
  },
  roles: {
    Admin: 'Administrator',
    KitaManager: 'Kita-Leitung',
    Parent: 'Elternteil',
  },
  skipToContent: 'Zum Inhalt springen',
  logout: 'Abmelden',
};
