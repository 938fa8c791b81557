import { guarded } from '@/lib/guards';
import { lazyCrumb, lazyPage, type FeatureRoutes } from '@/lib/routing';

const staff = ['Admin', 'KitaManager'] as const;
const list = lazyPage(() => import('./pages/parents-page'));
const details = lazyPage(() => import('./pages/parent-details-page'));
// Loaded only when shown, so the first download of every page does not carry this feature's queries.
const loadCrumb = async () => (await import('./components/parent-crumb')).ParentCrumb;
const parentCrumb = lazyCrumb(loadCrumb, (params) => ({ parentId: params.parentId, kitaId: undefined }));
const kitaParentCrumb = lazyCrumb(loadCrumb, (params) => ({ parentId: params.parentId, kitaId: params.kitaId }));

/**
 * Parents list at /parents and /kitas/{kitaId}/p (staff); parent details at /parents/{parentId}
 * and /kitas/{kitaId}/p/{parentId} (staff and the parent themselves; the server answers 404 for
 * anyone else's record).
 */
export const parentsRoutes: FeatureRoutes = {
  app: [
    guarded(staff, [{ path: 'parents', lazy: list, handle: { crumb: 'nav.items.parents' } }]),
    {
      path: 'parents/:parentId',
      lazy: details,
      handle: { crumb: parentCrumb },
    },
  ],
  kita: [
    {
      path: 'p',
      handle: { crumb: 'nav.items.kitaParents' },
      children: [
        guarded(staff, [{ index: true, lazy: list }]),
        {
          path: ':parentId',
          lazy: details,
          handle: { crumb: kitaParentCrumb },
        },
      ],
    },
  ],
};
