import type { HttpMethod } from './define.js';

/**
 * The address (method and path below /api) of every route, by area and name. Only this table is
 * loaded at run time by the web: it holds no schema, so calling a route does not bring zod into a
 * page that has no form (the shell, the parent's landing page; ARCHITECTURE.md "What a page loads
 * first"). Each area's contracts (params, query, body, answer) are joined to these addresses by
 * name in the area's file beside this one (`defineRoutes`), and the callers' types are looked up
 * from there (`DefinitionOf`).
 */
export const apiRoutes = {
  accountMails: {
    failed: { method: 'GET', path: '/account-mails/failed' },
    resend: { method: 'POST', path: '/account-mails/:id/resend' },
  },
  accounts: {
    activate: { method: 'POST', path: '/auth/activate-account' },
    resendActivation: { method: 'POST', path: '/auth/:id/re-activate-email' },
    requestPhoneOtp: { method: 'POST', path: '/auth/:id/otp' },
    verifyPhone: { method: 'POST', path: '/auth/verify-phone' },
    forgotPassword: { method: 'POST', path: '/auth/forgot-password' },
    otpStatus: { method: 'GET', path: '/auth/otp-status' },
    linkLanguage: { method: 'GET', path: '/auth/link-language' },
    resetPassword: { method: 'POST', path: '/auth/reset-password' },
    setPreferredCommunication: { method: 'PUT', path: '/auth/:parentId/preferred-communication' },
    kitaGroups: { method: 'GET', path: '/auth/kita-groups/:kitaId' },
    register: { method: 'POST', path: '/auth/register' },
  },
  auth: {
    staffLogin: { method: 'POST', path: '/auth/login' },
    loginWithEmail: { method: 'POST', path: '/auth/login-with-email' },
    loginWithPhone: { method: 'POST', path: '/auth/login-with-phone' },
    otpLogin: { method: 'POST', path: '/auth/otp-login' },
    me: { method: 'GET', path: '/auth/me' },
    logout: { method: 'POST', path: '/auth/logout' },
  },
  categories: {
    list: { method: 'GET', path: '/categories' },
    listOfKita: { method: 'GET', path: '/categories/kita/:kitaId' },
    get: { method: 'GET', path: '/categories/:id' },
    create: { method: 'POST', path: '/categories' },
    update: { method: 'PUT', path: '/categories/:id' },
    remove: { method: 'DELETE', path: '/categories/:id' },
  },
  children: {
    list: { method: 'GET', path: '/children' },
    listOfKita: { method: 'GET', path: '/children/kita/:kitaId' },
    get: { method: 'GET', path: '/children/:id' },
    create: { method: 'POST', path: '/children' },
    update: { method: 'PUT', path: '/children/:id' },
    remove: { method: 'DELETE', path: '/children/:id' },
  },
  delivery: {
    eventDelivery: { method: 'GET', path: '/emergency-event/:id/delivery' },
    resend: { method: 'POST', path: '/emergency-event/:id/resend' },
    messageBudgets: { method: 'GET', path: '/message-budgets' },
    failures: { method: 'GET', path: '/emergency-event/delivery-failures' },
  },
  dev: {
    messages: { method: 'GET', path: '/dev/messages' },
  },
  events: {
    smsEstimate: { method: 'GET', path: '/emergency-event/sms-estimate' },
    list: { method: 'GET', path: '/emergency-event' },
    listOfKita: { method: 'GET', path: '/emergency-event/get-by-kita-id/:kitaId' },
    get: { method: 'GET', path: '/emergency-event/:id' },
    create: { method: 'POST', path: '/emergency-event' },
    update: { method: 'PUT', path: '/emergency-event/:id' },
    remove: { method: 'DELETE', path: '/emergency-event/:id' },
  },
  groups: {
    list: { method: 'GET', path: '/groups' },
    listOfParent: { method: 'GET', path: '/groups/parent/:parentId' },
    listOfKita: { method: 'GET', path: '/groups/kita/:kitaId' },
    get: { method: 'GET', path: '/groups/:id' },
    create: { method: 'POST', path: '/groups' },
    update: { method: 'PUT', path: '/groups/:id' },
    remove: { method: 'DELETE', path: '/groups/:id' },
  },
  kitas: {
    list: { method: 'GET', path: '/kitas' },
    get: { method: 'GET', path: '/kitas/:id' },
    create: { method: 'POST', path: '/kitas' },
    update: { method: 'PUT', path: '/kitas/:id' },
    deleteImpact: { method: 'GET', path: '/kitas/:id/delete-impact' },
    remove: { method: 'DELETE', path: '/kitas/:id' },
  },
  operations: {
    channelPauses: { method: 'GET', path: '/delivery/channel-pauses' },
    resumeChannel: { method: 'POST', path: '/delivery/channel-pauses/:channel/resume' },
    sendTestMessage: { method: 'POST', path: '/admin/test-message' },
    testMessages: { method: 'GET', path: '/admin/test-messages' },
  },
  parents: {
    csv: { method: 'GET', path: '/parents/csv' },
    list: { method: 'GET', path: '/parents' },
    listOfKita: { method: 'GET', path: '/parents/kita/:kitaId' },
    registeredOfKita: { method: 'GET', path: '/parents/kita/:kitaId/registered' },
    get: { method: 'GET', path: '/parents/:id' },
    create: { method: 'POST', path: '/parents' },
    update: { method: 'PUT', path: '/parents/:parentId' },
    remove: { method: 'DELETE', path: '/parents/:id' },
    approve: { method: 'POST', path: '/parents/:id/approve' },
    reject: { method: 'POST', path: '/parents/:id/reject' },
  },
  preferences: {
    verifyToken: { method: 'POST', path: '/auth/verify-token' },
    linkView: { method: 'GET', path: '/auth/:eventId/parents/:parentId' },
    openInquiries: { method: 'GET', path: '/parents/:id/open-inquiries' },
    save: { method: 'POST', path: '/preference' },
    staffAnswer: { method: 'POST', path: '/emergency-event/:id/preferences' },
  },
  results: {
    csv: { method: 'GET', path: '/emergency-event/:id/csv' },
    close: { method: 'POST', path: '/emergency-event/:id/close' },
    releaseSlot: { method: 'POST', path: '/emergency-event/:id/release-slot' },
    report: { method: 'GET', path: '/emergency-event/:id/report' },
    pdf: { method: 'GET', path: '/emergency-event/:id/pdf' },
    resetCredits: { method: 'DELETE', path: '/parents/:id/reset-credits' },
    creditsDistribution: { method: 'GET', path: '/parents/:id/credits-distribution' },
    history: { method: 'GET', path: '/parents/:id/children/preferences' },
    calendar: { method: 'GET', path: '/parents/:parentId/calendar/:eventId' },
    calendarLink: { method: 'GET', path: '/c/:key' },
  },
  users: {
    list: { method: 'GET', path: '/users' },
    get: { method: 'GET', path: '/users/:id' },
    create: { method: 'POST', path: '/users' },
    update: { method: 'PUT', path: '/users/:id' },
    changePassword: { method: 'PUT', path: '/users/:id/change-password' },
    remove: { method: 'DELETE', path: '/users/:id' },
  },
  legal: {
    page: { method: 'GET', path: '/legal/:page' },
  },
  privacy: {
    exportData: { method: 'GET', path: '/parents/:id/export' },
    requestErasure: { method: 'POST', path: '/parents/:id/erasure-request' },
    erasureRequest: { method: 'GET', path: '/parents/:id/erasure-request' },
    erasureRequests: { method: 'GET', path: '/erasure-requests' },
    executeErasure: { method: 'POST', path: '/erasure-requests/:id/execute' },
  },
  priority: {
    groups: { method: 'GET', path: '/kitas/:kitaId/priority-groups' },
    saveGroups: { method: 'PUT', path: '/kitas/:kitaId/priority-groups' },
    kitaConfirmations: { method: 'GET', path: '/kitas/:kitaId/priority-confirmations' },
    ofParent: { method: 'GET', path: '/parents/:parentId/priority' },
    confirm: { method: 'POST', path: '/parents/:parentId/priority' },
    end: { method: 'DELETE', path: '/parents/:parentId/priority' },
  },
  push: {
    publicKey: { method: 'GET', path: '/push/public-key' },
    list: { method: 'GET', path: '/push/subscriptions' },
    subscribe: { method: 'POST', path: '/push/subscriptions' },
    unsubscribe: { method: 'DELETE', path: '/push/subscriptions/:id' },
    opened: { method: 'POST', path: '/push/opened' },
  },
  audit: {
    list: { method: 'GET', path: '/audit-log' },
    actors: { method: 'GET', path: '/audit-log/actors' },
    csv: { method: 'GET', path: '/audit-log/csv' },
  },
} as const satisfies Record<string, Record<string, { readonly method: HttpMethod; readonly path: string }>>;

/** `/kitas/:id` with `{ id: 'k1' }` -> `/kitas/k1` (each value URI-encoded). */
export function fillPath(path: string, params: Record<string, unknown> | undefined): string {
  return path.replace(/:([A-Za-z_]\w*)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === null) throw new Error(`missing path parameter "${name}" for ${path}`);
    return encodeURIComponent(String(value));
  });
}
