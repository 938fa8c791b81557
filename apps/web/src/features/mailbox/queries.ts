import { useQuery } from '@tanstack/react-query';
import type { DevMessage } from '@kita/shared';
import { api } from '@/lib/api';
import { queryKeys } from '@/lib/query';

/** GET dev/messages (added, not in production): newest first, polled so new mail shows up by itself. */
export function useDevMessages(recipient: string) {
  return useQuery({
    queryKey: queryKeys.mailbox.list(recipient),
    queryFn: ({ signal }) => api.get<DevMessage[]>('dev/messages', { signal, query: { recipient: recipient || undefined } }),
    refetchInterval: 3000,
    retry: false,
  });
}
