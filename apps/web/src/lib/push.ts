import type { BodyOf, DefinitionOf } from '@kita/shared/api';
import { apiRoutes } from '@kita/shared/api/routes';
import { call } from './api';
import { registerServiceWorker } from './service-worker';

export { registerServiceWorker };

/**
 * The browser side of push notifications: what this device can do, its label, and its push
 * subscription (through the service worker of lib/service-worker.ts). Staff screens never ask.
 */

/** What the notifications card offers on this device. */
export type PushState =
  /** The server has push switched off: no card. */
  | 'off'
  /** No service worker, Push API or notifications in this browser. */
  | 'unsupported'
  /** An iPhone or iPad in Safari: push only works for the app added to the home screen. */
  | 'install'
  /** The family blocked notifications for this site. */
  | 'denied'
  /** Not asked yet (or asked and dismissed): the button. */
  | 'ask'
  /** This device receives notifications. */
  | 'on';

export interface BrowserEnvironment {
  userAgent: string;
  platform?: string;
  maxTouchPoints?: number;
  /** navigator.userAgentData.brands where the browser has them (Chromium). */
  brands?: ReadonlyArray<{ brand: string }>;
  standalone: boolean;
  pushSupported: boolean;
  permission: NotificationPermission | undefined;
}

interface UserAgentData {
  brands?: ReadonlyArray<{ brand: string }>;
  platform?: string;
}

export function browserEnvironment(): BrowserEnvironment {
  const nav = navigator as Navigator & { userAgentData?: UserAgentData; standalone?: boolean };
  const pushSupported = 'serviceWorker' in nav && typeof window !== 'undefined' && 'PushManager' in window && 'Notification' in window;
  return {
    userAgent: nav.userAgent,
    platform: nav.userAgentData?.platform ?? nav.platform,
    maxTouchPoints: nav.maxTouchPoints,
    brands: nav.userAgentData?.brands,
    standalone: nav.standalone === true || (typeof window.matchMedia === 'function' && window.matchMedia('(display-mode: standalone)').matches),
    pushSupported,
    permission: 'Notification' in window ? Notification.permission : undefined,
  };
}

/** iPhone, iPod or iPad (an iPad says "Macintosh" but has a touch screen). */
export function isAppleMobile(env: Pick<BrowserEnvironment, 'userAgent' | 'platform' | 'maxTouchPoints'>): boolean {
  if (/iPhone|iPad|iPod/.test(env.userAgent)) return true;
  return /Macintosh|MacIntel/.test(`${env.userAgent} ${env.platform ?? ''}`) && (env.maxTouchPoints ?? 0) > 1;
}

/** The card's state before the server's subscription list is known (`subscribed`: this browser has one). */
export function pushState(env: BrowserEnvironment, enabled: boolean, subscribed: boolean): PushState {
  if (!enabled) return 'off';
  // Safari on iOS offers push only inside the app added to the home screen.
  if (isAppleMobile(env) && !env.standalone) return 'install';
  if (!env.pushSupported || env.permission === undefined) return 'unsupported';
  if (env.permission === 'denied') return 'denied';
  return env.permission === 'granted' && subscribed ? 'on' : 'ask';
}

/** "Chrome · Android": the browser and the system, for the family's list of devices. */
export function deviceLabel(env: Pick<BrowserEnvironment, 'userAgent' | 'platform' | 'maxTouchPoints' | 'brands'>): string {
  const ua = env.userAgent;
  const brands = (env.brands ?? []).map((b) => b.brand);
  const browser =
    brands.find((b) => /Edge|Opera|Samsung/.test(b)) ??
    (/SamsungBrowser/.test(ua)
      ? 'Samsung Internet'
      : /Edg\//.test(ua)
        ? 'Edge'
        : /OPR\//.test(ua)
          ? 'Opera'
          : /Firefox|FxiOS/.test(ua)
            ? 'Firefox'
            : /Chrome|Chromium|CriOS/.test(ua) || brands.some((b) => /Chrom/.test(b))
              ? 'Chrome'
              : /Safari/.test(ua)
                ? 'Safari'
                : 'Browser');
  const system = /Android/.test(ua)
    ? 'Android'
    : /iPhone|iPod/.test(ua)
      ? 'iPhone'
      : /iPad/.test(ua) || isAppleMobile(env)
        ? 'iPad'
        : /Windows/.test(ua)
          ? 'Windows'
          : /Mac OS X|Macintosh/.test(ua)
            ? 'macOS'
            : /CrOS/.test(ua)
              ? 'ChromeOS'
              : /Linux/.test(ua)
                ? 'Linux'
                : undefined;
  return (system ? `${browser} · ${system}` : browser).slice(0, 80);
}

/** The VAPID key (base64url) as the bytes pushManager.subscribe wants. */
export function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(base64url.length / 4) * 4, '=');
  const binary = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** This browser's current subscription, if the worker is there and has one. */
export async function currentSubscription(): Promise<PushSubscription | null> {
  const registration = await registerServiceWorker();
  return (await registration?.pushManager.getSubscription()) ?? null;
}

/**
 * Asks for permission (only ever from a tap), subscribes with the server's key and stores the
 * subscription with the server. Resolves to the new permission ('granted' when subscribed).
 * `token`: the preference page's link session.
 */
export async function subscribeDevice(publicKey: string, token?: string): Promise<NotificationPermission> {
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') return permission;
  await registerServiceWorker();
  const registration = await navigator.serviceWorker.ready;
  let subscription = await registration.pushManager.getSubscription();
  subscription ??= await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) });
  const json = subscription.toJSON();
  const body: BodyOf<DefinitionOf<typeof apiRoutes.push.subscribe>> = {
    endpoint: subscription.endpoint,
    keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' },
    label: deviceLabel(browserEnvironment()),
  };
  await call(apiRoutes.push.subscribe, { body, token });
  return permission;
}
