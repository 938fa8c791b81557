import { useInfiniteQuery } from '@tanstack/react-query';
import { apiRoutes } from '@kita/shared/api/routes';
import { call } from '@/lib/api';
import { queryKeys } from '@/lib/query';

/** Messages per page of the dev mailbox (the server's default limit). */
export const MAILBOX_PAGE = 200;

/**
 * GET dev/messages (added, not in production): newest first, polled so new mail shows up by
 * itself, in pages of 200 ("Ältere Nachrichten laden" asks for the next with `before`).
 */
export function useDevMessages(recipient: string) {
  return useInfiniteQuery({
    queryKey: queryKeys.mailbox.list(recipient),
    queryFn: ({ signal, pageParam }) =>
      call(apiRoutes.dev.messages, { signal, query: { recipient: recipient || undefined, limit: MAILBOX_PAGE, before: pageParam } }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => (last.length === MAILBOX_PAGE ? last[last.length - 1]!.id : undefined),
    refetchInterval: 3000,
    retry: false,
  });
}
