import type { FamilyNamespace } from '../types.js';

export const nav: FamilyNamespace<'tr', 'nav'> = {
  sidebarLabel: 'Ana gezinme',
  toggleSidebar: 'Kenar çubuğunu aç/kapat',
  breadcrumbLabel: 'Sayfa yolu',
  groups: {
    management: 'Yönetim',
    kita: 'Kita bilgileri',
    parent: 'Veli bilgileri',
  },
  items: {
    deliveryTest: 'Gönderim testi',
    kitas: 'Kitalar',
    users: 'Kullanıcılar',
    parents: 'Veliler',
    dashboard: 'Genel bakış',
    categories: 'Kategoriler',
    managers: 'Yöneticiler',
    children: 'Çocuklar',
    kitaParents: 'Veliler',
    registration: 'Kayıtlar',
    events: 'Sorgular',
    myProfile: 'Profilim',
    auditLog: 'Denetim kaydı',
    erasureRequests: 'Silme talepleri',
    history: 'Sorgular ve geçmiş',
  },
  crumbs: {
    home: 'Ana sayfa',
    kita: 'Kita',
    notFound: 'Bulunamadı',
  },
  language: {
    label: 'Dil',
    current: 'Dil: {{language}}',
    de: 'Deutsch',
    en: 'English',
    more: 'Diğer diller',
  },
  roles: {
    Admin: 'Yönetici',
    KitaManager: 'Kita yöneticisi',
    Parent: 'Veli',
  },
  skipToContent: 'İçeriğe geç',
  logout: 'Çıkış yap',
};
