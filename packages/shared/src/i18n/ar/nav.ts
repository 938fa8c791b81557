import type { FamilyNamespace } from '../types.js';

export const nav: FamilyNamespace<'ar', 'nav'> = {
  sidebarLabel: 'التنقل الرئيسي',
  toggleSidebar: 'إظهار الشريط الجانبي أو إخفاؤه',
  breadcrumbLabel: 'مسار الصفحة',
  groups: {
    management: 'الإدارة',
    kita: 'معلومات الحضانة',
    parent: 'معلومات وليّ الأمر',
  },
  items: {
    deliveryTest: 'اختبار الإرسال',
    kitas: 'الحضانات',
    users: 'المستخدمون',
    parents: 'أولياء الأمور',
    dashboard: 'نظرة عامة',
    categories: 'الفئات',
    managers: 'المديرون',
    children: 'الأطفال',
    kitaParents: 'أولياء الأمور',
    registration: 'التسجيلات',
    events: 'الاستطلاعات',
    myProfile: 'ملفي الشخصي',
    auditLog: 'سجل التدقيق',
    erasureRequests: 'طلبات الحذف',
    history: 'الاستطلاعات والسجل',
  },
  crumbs: {
    home: 'الرئيسية',
    kita: 'الحضانة',
    notFound: 'غير موجود',
  },
  language: {
    label: 'اللغة',
    current: 'اللغة: {{language}}',
    de: 'Deutsch',
    en: 'English',
    more: 'لغات أخرى',
  },
  roles: {
    Admin: 'مسؤول',
    KitaManager: 'مدير الحضانة',
    Parent: 'وليّ أمر',
  },
  skipToContent: 'الانتقال إلى المحتوى',
  logout: 'تسجيل الخروج',
};
