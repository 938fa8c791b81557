import { useQuery } from '@tanstack/react-query';
import type { ChannelPauseView, TestMessage, TestMessageInput } from '@kita/shared';
import { api } from '@/lib/api';
import { mutation, queryKeys } from '@/lib/query';

/**
 * Operations: delivery channels paused by an account-level provider error (the banner
 * for Admins and managers, polled), the Admin's resume, and the Admin's test messages with the
 * provider's answer and delivery report (polled while the page is open).
 */
export function useChannelPauses(enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.operations.pauses,
    queryFn: ({ signal }) => api.get<ChannelPauseView[]>('delivery/channel-pauses', { signal }),
    enabled,
    refetchInterval: 30_000,
  });
}

export const useResumeChannel = mutation((channel: 'email' | 'sms') => api.post(`delivery/channel-pauses/${channel}/resume`), [queryKeys.operations.pauses]);

export function useTestMessages() {
  return useQuery({
    queryKey: queryKeys.operations.testMessages,
    queryFn: ({ signal }) => api.get<TestMessage[]>('admin/test-messages', { signal }),
    refetchInterval: 3_000,
  });
}

export const useSendTestMessage = mutation((input: TestMessageInput) => api.post<{ ids: string[] }>('admin/test-message', input), [
  queryKeys.operations.testMessages,
]);
