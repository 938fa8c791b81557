import { guarded } from '@/app/guards';
import { lazyPage, type FeatureRoutes } from '@/app/routing';
import { GroupCrumb } from './components/group-crumb';

/** g/{groupId} under /kitas/:kitaId: the group's children. */
export const groupsRoutes: FeatureRoutes = {
  kita: [
    guarded(['Admin', 'KitaManager'], [
      {
        path: 'g/:groupId',
        lazy: lazyPage(() => import('./pages/group-details-page')),
        handle: { crumb: (params) => <GroupCrumb groupId={params.groupId} kitaId={params.kitaId} /> },
      },
    ]),
  ],
};
