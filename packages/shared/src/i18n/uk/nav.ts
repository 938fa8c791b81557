import type { FamilyNamespace } from '../types.js';

export const nav: FamilyNamespace<'uk', 'nav'> = {
  sidebarLabel: 'Головна навігація',
  toggleSidebar: 'Показати або сховати бічну панель',
  breadcrumbLabel: 'Шлях до сторінки',
  groups: {
    management: 'Адміністрування',
    kita: 'Інформація про Kita',
    parent: 'Інформація для батьків',
  },
  items: {
    deliveryTest: 'Тест доставки',
    kitas: 'Kita',
    users: 'Користувачі',
    parents: 'Батьки',
    dashboard: 'Огляд',
    categories: 'Категорії',
    managers: 'Керівники',
    children: 'Діти',
    kitaParents: 'Батьки',
    registration: 'Реєстрації',
    events: 'Опитування',
    myProfile: 'Мій профіль',
    auditLog: 'Журнал аудиту',
    erasureRequests: 'Запити на видалення',
    history: 'Опитування та історія',
  },
  crumbs: {
    home: 'Головна',
    kita: 'Kita',
    notFound: 'Не знайдено',
  },
  language: {
    label: 'Мова',
    current: 'Мова: {{language}}',
    de: 'Deutsch',
    en: 'English',
    more: 'Інші мови',
  },
  roles: {
    Admin: 'Адміністратор',
    KitaManager: 'Керівник Kita',
    Parent: 'Батьки',
  },
  skipToContent: 'Перейти до вмісту',
  logout: 'Вийти',
};
