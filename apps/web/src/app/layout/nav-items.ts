import {
  Baby,
  ClipboardList,
  FileX2,
  Building2,
  CalendarClock,
  FolderTree,
  History,
  LayoutDashboard,
  Send,
  ShieldCheck,
  UserCog,
  UserPlus,
  UserRound,
  Users,
  type LucideIcon,
} from 'lucide-react';
import type { ParseKeys } from 'i18next';
import type { SessionUser } from '@kita/shared';

/** One sidebar entry; `active` decides the highlight from the current path. */
export interface NavItem {
  id: string;
  label: ParseKeys;
  href: string;
  icon: LucideIcon;
  active: (pathname: string) => boolean;
}

export interface NavGroup {
  id: 'management' | 'kita' | 'parent';
  label: ParseKeys;
  items: NavItem[];
}

const under = (base: string) => (pathname: string) => pathname === base || pathname.startsWith(`${base}/`);

/** The per-Kita entries under /kitas/{kitaId}/. */
function kitaItems(kitaId: string): NavItem[] {
  const base = `/kitas/${kitaId}`;
  return [
    { id: 'dashboard', label: 'nav.items.dashboard', href: `${base}/d`, icon: LayoutDashboard, active: (p) => p === base || under(`${base}/d`)(p) },
    {
      id: 'categories',
      label: 'nav.items.categories',
      href: `${base}/c`,
      icon: FolderTree,
      // Group details (g/{groupId}) are reached from a category.
      active: (p) => under(`${base}/c`)(p) || under(`${base}/g`)(p),
    },
    { id: 'managers', label: 'nav.items.managers', href: `${base}/mg`, icon: ShieldCheck, active: under(`${base}/mg`) },
    { id: 'children', label: 'nav.items.children', href: `${base}/children`, icon: Baby, active: under(`${base}/children`) },
    { id: 'kita-parents', label: 'nav.items.kitaParents', href: `${base}/p`, icon: Users, active: under(`${base}/p`) },
    { id: 'registration', label: 'nav.items.registration', href: `${base}/registration`, icon: UserPlus, active: under(`${base}/registration`) },
    { id: 'events', label: 'nav.items.events', href: `${base}/e`, icon: CalendarClock, active: under(`${base}/e`) },
  ];
}

const parentsItem: NavItem = { id: 'parents', label: 'nav.items.parents', href: '/parents', icon: Users, active: (p) => p === '/parents' };
/** Staff of any scope: the audit log and the families' erasure requests (the server limits a manager to their Kita). */
const privacyItems: NavItem[] = [
  { id: 'audit-log', label: 'nav.items.auditLog', href: '/audit-log', icon: ClipboardList, active: under('/audit-log') },
  { id: 'erasure-requests', label: 'nav.items.erasureRequests', href: '/erasure-requests', icon: FileX2, active: under('/erasure-requests') },
];

/**
 * The sidebar per role: Management for Admins; Kita info while a Kita is
 * selected (a Kita manager always has their own); Parent info for parents.
 */
export function navGroupsFor(user: SessionUser, selectedKitaId: string | null): NavGroup[] {
  if (user.role === 'Parent') {
    if (!user.parentId) return [];
    const profile = `/parents/${user.parentId}`;
    return [
      {
        id: 'parent',
        label: 'nav.groups.parent',
        items: [
          { id: 'my-profile', label: 'nav.items.myProfile', href: profile, icon: UserRound, active: (p) => p === profile },
          { id: 'history', label: 'nav.items.history', href: `${profile}/history`, icon: History, active: under(`${profile}/history`) },
        ],
      },
    ];
  }
  if (user.role === 'KitaManager') {
    const groups: NavGroup[] = [{ id: 'management', label: 'nav.groups.management', items: [parentsItem, ...privacyItems] }];
    const kitaId = user.kita?.kitaId;
    if (kitaId) groups.push({ id: 'kita', label: 'nav.groups.kita', items: kitaItems(kitaId) });
    return groups;
  }
  const groups: NavGroup[] = [
    {
      id: 'management',
      label: 'nav.groups.management',
      items: [
        { id: 'kitas', label: 'nav.items.kitas', href: '/kitas', icon: Building2, active: (p) => p === '/' || p === '/kitas' },
        { id: 'users', label: 'nav.items.users', href: '/users', icon: UserCog, active: under('/users') },
        { ...parentsItem, active: under('/parents') },
        { id: 'delivery-test', label: 'nav.items.deliveryTest', href: '/delivery-test', icon: Send, active: under('/delivery-test') },
        ...privacyItems,
      ],
    },
  ];
  if (selectedKitaId) groups.push({ id: 'kita', label: 'nav.groups.kita', items: kitaItems(selectedKitaId) });
  return groups;
}
