import { useQuery } from '@tanstack/react-query';
import type { TestMessageInput } from '@kita/shared';
import { apiRoutes } from '@kita/shared/api/routes';
import { call } from '@/lib/api';
import { mutation, queryKeys } from '@/lib/query';

/**
 * Operations: delivery channels paused by an account-level provider error (the banner
 * for Admins and managers, polled), the Admin's resume, and the Admin's test messages with the
 * provider's answer and delivery report (polled while the page is open).
 */
export function useChannelPauses(enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.operations.pauses,
    queryFn: ({ signal }) => call(apiRoutes.operations.channelPauses, { signal }),
    enabled,
    refetchInterval: 30_000,
  });
}

export const useResumeChannel = mutation((channel: 'email' | 'sms') => call(apiRoutes.operations.resumeChannel, { params: { channel } }), [queryKeys.operations.pauses]);

export function useTestMessages() {
  return useQuery({
    queryKey: queryKeys.operations.testMessages,
    queryFn: ({ signal }) => call(apiRoutes.operations.testMessages, { signal }),
    refetchInterval: 3_000,
  });
}

export const useSendTestMessage = mutation((input: TestMessageInput) => call(apiRoutes.operations.sendTestMessage, { body: input }), [
  queryKeys.operations.testMessages,
]);
