import type { FamilyNamespace } from '../types.js';

export const nav: FamilyNamespace<'ru', 'nav'> = {
  sidebarLabel: 'Главная навигация',
  toggleSidebar: 'Показать или скрыть боковую панель',
  breadcrumbLabel: 'Путь к странице',
  groups: {
    management: 'Администрирование',
    kita: 'Информация о Kita',
    parent: 'Информация для родителей',
  },
  items: {
    deliveryTest: 'Тест доставки',
    kitas: 'Kita',
    users: 'Пользователи',
    parents: 'Родители',
    dashboard: 'Обзор',
    categories: 'Категории',
    managers: 'Руководители',
    children: 'Дети',
    kitaParents: 'Родители',
    registration: 'Регистрации',
    events: 'Опросы',
    myProfile: 'Мой профиль',
    auditLog: 'Журнал аудита',
    erasureRequests: 'Запросы на удаление',
    history: 'Опросы и история',
  },
  crumbs: {
    home: 'Главная',
    kita: 'Kita',
    notFound: 'Не найдено',
  },
  language: {
    label: 'Язык',
    current: 'Язык: {{language}}',
    de: 'Deutsch',
    en: 'English',
    more: 'Другие языки',
  },
  roles: {
    Admin: 'Администратор',
    KitaManager: 'Руководитель Kita',
    Parent: 'Родитель',
  },
  skipToContent: 'Перейти к содержанию',
  logout: 'Выйти',
};
