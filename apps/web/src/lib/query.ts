import { useMutation, useQueryClient, type InvalidateQueryFilters, type QueryClient, type QueryKey } from '@tanstack/react-query';

/**
 * Every query key of the web app, in one registry. The first element is the area a write
 * refreshes by prefix (`queryKeys.parents.all` refreshes every parent list, detail, history and
 * histogram), so a feature can refresh another's data without importing that feature. One
 * endpoint has one key: the Kita's categories are cached once for the category screens and the
 * inquiry form alike.
 */
export const queryKeys = {
  kitas: {
    all: ['kitas'],
    /** GET kitas (also the Kita selects of the user and parent forms). */
    list: () => ['kitas', 'list'],
    detail: (kitaId: string) => ['kitas', 'detail', kitaId],
    deleteImpact: (kitaId: string | null) => ['kitas', 'delete-impact', kitaId],
  },
  categories: {
    all: ['categories'],
    /** GET categories/kita/{kitaId}: the categories with their groups, and the Kita's time zone. */
    byKita: (kitaId: string) => ['categories', 'kita', kitaId],
    detail: (categoryId: string) => ['categories', 'detail', categoryId],
  },
  groups: {
    all: ['groups'],
    /** GET groups/kita/{kitaId}: the group select of the child form. */
    byKita: (kitaId: string) => ['groups', 'kita', kitaId],
    detail: (groupId: string, kitaId?: string) => ['groups', 'detail', groupId, kitaId ?? null],
  },
  children: {
    all: ['children'],
    kita: (kitaId: string) => ['children', 'kita', kitaId],
  },
  /** Also the parent's results: history and credits histogram follow every parent write. */
  parents: {
    all: ['parents'],
    /** One Kita's parents, or every parent in scope (null). */
    list: (kitaId: string | null) => ['parents', 'list', kitaId ?? 'all'],
    detail: (parentId: string) => ['parents', 'detail', parentId],
    registered: (kitaId: string) => ['parents', 'registered', kitaId],
    history: (parentId: string) => ['parents', 'history', parentId],
    openInquiries: (parentId: string) => ['parents', 'open-inquiries', parentId],
    distribution: (parentId: string) => ['parents', 'credits-distribution', parentId],
  },
  /** Inquiries with their delivery and report. */
  events: {
    all: ['events'],
    byKita: (kitaId: string) => ['events', 'kita', kitaId],
    detail: (eventId: string) => ['events', 'detail', eventId],
    delivery: (eventId: string) => ['events', 'delivery', eventId],
    deliveryFailures: ['events', 'delivery-failures'],
    messageBudgets: ['events', 'message-budgets'],
    report: (eventId: string) => ['events', 'report', eventId],
    /** GET emergency-event/sms-estimate for the form's current Kita, category and dates. */
    smsEstimate: (query: Record<string, string | undefined>) => ['events', 'sms-estimate', query],
  },
  /** GET legal/{page}: the privacy notice, imprint or accessibility statement in one language. */
  legal: {
    all: ['legal'],
    page: (page: string, language: string) => ['legal', page, language],
  },
  users: {
    all: ['users'],
    list: (kitaId?: string) => ['users', 'list', kitaId ?? 'all'],
    /** GET account-mails/failed (Admin): activation and reset mails that failed. */
    failedAccountMails: ['users', 'failed-account-mails'],
  },
  /** The public account pages. */
  accounts: {
    kitaGroups: (kitaId: string) => ['accounts', 'kita-groups', kitaId],
    ownParent: (parentId: string) => ['accounts', 'parent', parentId],
  },
  mailbox: {
    list: (recipient: string) => ['mailbox', recipient],
  },
  /** Verified priority: a Kita's groups and confirmations, a family's confirmation. */
  priority: {
    all: ['priority'],
    groups: (kitaId: string) => ['priority', 'groups', kitaId],
    kitaConfirmations: (kitaId: string) => ['priority', 'confirmations', kitaId],
    parent: (parentId: string) => ['priority', 'parent', parentId],
  },
  /** A family's erasure request and the staff's list of them. */
  mydata: {
    all: ['mydata'],
    request: (parentId: string) => ['mydata', 'request', parentId],
    requests: (status: 'open' | 'done') => ['mydata', 'requests', status],
  },
  /** The audit viewer (pages and the person filter). */
  audit: {
    all: ['audit'],
    page: (filter: Record<string, string | undefined>) => ['audit', 'page', filter],
    actors: ['audit', 'actors'],
  },
  /** Paused delivery channels and the Admin's test messages */
  operations: {
    pauses: ['operations', 'channel-pauses'],
    testMessages: ['operations', 'test-messages'],
  },
} as const satisfies Record<string, Record<string, QueryKey | ((...args: never[]) => QueryKey)>>;

/** What a write refreshes: a key prefix, or a filter (e.g. a predicate over the keys). */
export type Invalidation = QueryKey | InvalidateQueryFilters;

type Invalidates<TData, TVars> = readonly Invalidation[] | ((data: TData, vars: TVars) => readonly Invalidation[]);

interface MutationOptions<TData, TVars> {
  /** Runs on success before the refresh (drop a deleted record's detail, put an answer in the cache). */
  onSuccess?: (client: QueryClient, data: TData, vars: TVars) => void;
  /** Refresh after a failure too (the write may have been refused because the data moved on). */
  refreshOnError?: boolean;
}

function refresh(client: QueryClient, targets: readonly Invalidation[]): Promise<unknown> {
  return Promise.all(targets.map((target) => client.invalidateQueries(Array.isArray(target) ? { queryKey: target } : (target as InvalidateQueryFilters))));
}

/**
 * A mutation whose success refreshes `invalidates` and waits for it, so the caller's own success
 * step (toast, closing a dialog) sees fresh lists. For a mutation bound to a value of the calling
 * component (an event id); otherwise define it once with `mutation()`.
 */
export function useInvalidatingMutation<TVars = void, TData = unknown>(
  fn: (vars: TVars) => Promise<TData>,
  invalidates: Invalidates<TData, TVars> = [],
  options: MutationOptions<TData, TVars> = {},
) {
  const client = useQueryClient();
  const targets = (data: TData, vars: TVars) => (typeof invalidates === 'function' ? invalidates(data, vars) : invalidates);
  return useMutation({
    mutationFn: fn,
    onSuccess: (data, vars) => {
      options.onSuccess?.(client, data, vars);
      return options.refreshOnError ? undefined : refresh(client, targets(data, vars));
    },
    // After a failure there is no answer to derive keys from: only a fixed list is refreshed.
    onSettled: (data, error, vars) =>
      options.refreshOnError ? refresh(client, error ? (typeof invalidates === 'function' ? [] : invalidates) : targets(data as TData, vars)) : undefined,
  });
}

/** Defines a mutation hook: `export const useSaveKita = mutation((input) => call(apiRoutes.kitas.create, { body: input }), [queryKeys.kitas.all])`. */
export function mutation<TVars = void, TData = unknown>(
  fn: (vars: TVars) => Promise<TData>,
  invalidates: Invalidates<TData, TVars> = [],
  options: MutationOptions<TData, TVars> = {},
) {
  return function useDefinedMutation() {
    return useInvalidatingMutation(fn, invalidates, options);
  };
}
