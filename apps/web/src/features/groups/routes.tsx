import { guarded } from '@/lib/guards';
import { lazyCrumb, lazyPage, type FeatureRoutes } from '@/lib/routing';

// Loaded only when shown, so the first download of every page does not carry this feature's queries.
const groupCrumb = lazyCrumb(
  async () => (await import('./components/group-crumb')).GroupCrumb,
  (params) => ({ groupId: params.groupId, kitaId: params.kitaId }),
);

/** g/{groupId} under /kitas/:kitaId: the group's children. */
export const groupsRoutes: FeatureRoutes = {
  kita: [
    guarded(['Admin', 'KitaManager'], [
      {
        path: 'g/:groupId',
        lazy: lazyPage(() => import('./pages/group-details-page')),
        handle: { crumb: groupCrumb },
      },
    ]),
  ],
};
