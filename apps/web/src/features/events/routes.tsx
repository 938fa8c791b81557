import { guarded } from '@/lib/guards';
import { lazyPage, type FeatureRoutes, type RouteHandle } from '@/lib/routing';

const listHandle: RouteHandle = { crumb: 'nav.items.events' };
const detailsHandle: RouteHandle = { crumb: 'events.details.crumb' };

/** /kitas/{kitaId}/e and /kitas/{kitaId}/e/{eventId} (Admin, KitaManager). */
export const eventsRoutes: FeatureRoutes = {
  kita: [
    guarded(
      ['Admin', 'KitaManager'],
      [
        {
          path: 'e',
          handle: listHandle,
          children: [
            { index: true, lazy: lazyPage(() => import('./pages/events-page')) },
            { path: ':eventId', handle: detailsHandle, lazy: lazyPage(() => import('./pages/event-details-page')) },
          ],
        },
      ],
    ),
  ],
};
