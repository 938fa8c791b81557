import { describe, expect, it } from 'vitest';
import type { SessionUser } from '@kita/shared';
import { navGroupsFor } from './nav-items';

const base = { userId: '00000000-0000-4000-8000-000000000001', email: 'x@kita.example', language: 'de' as const };
const admin: SessionUser = { ...base, name: 'Anna', role: 'Admin', parentId: null, parent: null, kita: null };
const manager: SessionUser = { ...base, name: 'Martina', role: 'KitaManager', parentId: null, parent: null, kita: { kitaId: 'k1' } };
const parent: SessionUser = {
  ...base,
  name: 'Paula',
  role: 'Parent',
  parentId: 'p1',
  parent: { parentId: 'p1', language: 'en' },
  kita: null,
};

const hrefs = (user: SessionUser, kitaId: string | null) =>
  Object.fromEntries(navGroupsFor(user, kitaId).map((g) => [g.id, g.items.map((i) => i.href)]));

describe('sidebar per role', () => {
  it('Admin: Management only, plus Kita info while a Kita is selected', () => {
    expect(hrefs(admin, null)).toEqual({ management: ['/kitas', '/users', '/parents', '/delivery-test', '/audit-log', '/erasure-requests'] });
    expect(hrefs(admin, 'k9').kita).toEqual([
      '/kitas/k9/d',
      '/kitas/k9/c',
      '/kitas/k9/mg',
      '/kitas/k9/children',
      '/kitas/k9/p',
      '/kitas/k9/registration',
      '/kitas/k9/e',
    ]);
  });

  it('Kita manager: Parents plus the items of their own Kita, whatever Kita is in the URL', () => {
    const groups = hrefs(manager, 'other');
    expect(groups.management).toEqual(['/parents', '/audit-log', '/erasure-requests']);
    expect(groups.kita?.every((href) => href.startsWith('/kitas/k1/'))).toBe(true);
    expect(hrefs({ ...manager, kita: null }, null)).toEqual({ management: ['/parents', '/audit-log', '/erasure-requests'] });
  });

  it('Parent: profile and history only', () => {
    expect(hrefs(parent, 'k1')).toEqual({ parent: ['/parents/p1', '/parents/p1/history'] });
  });

  it('marks the matching entry active', () => {
    const kita = navGroupsFor(admin, 'k9').find((g) => g.id === 'kita')!;
    const active = (path: string) => kita.items.filter((i) => i.active(path)).map((i) => i.id);
    expect(active('/kitas/k9/c/cat1')).toEqual(['categories']);
    expect(active('/kitas/k9/g/grp1')).toEqual(['categories']);
    expect(active('/kitas/k9/e/ev1')).toEqual(['events']);
    expect(active('/kitas/k9/p')).toEqual(['kita-parents']);
    expect(active('/kitas/k9/children')).toEqual(['children']);
    const management = navGroupsFor(admin, null)[0]!;
    expect(management.items.filter((i) => i.active('/')).map((i) => i.id)).toEqual(['kitas']);
  });
});
