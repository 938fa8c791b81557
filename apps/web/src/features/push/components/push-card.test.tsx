import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { apiRoutes } from '@kita/shared/api/routes';
import { deviceLabel, keyBytes, type BrowserEnvironment } from '@/lib/push';
import { mockServer, on, type MockServer } from '../../../../test/http';
import { PushCard } from './push-card';

/**
 * The notifications card in each state of the device, with the server answered at the fetch
 * boundary and the browser's push parts (Notification, the service worker registration with its
 * PushManager) standing in at theirs: what the card shows, that permission is asked only from
 * the tap, what it sends to the server, and the family's list of devices with removal.
 */
const PUBLIC_KEY = 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM';
const chromeAndroid: BrowserEnvironment = {
  userAgent: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Mobile Safari/537.36',
  standalone: false,
  pushSupported: true,
  permission: 'default',
};
const iPhoneSafari: BrowserEnvironment = {
  userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  platform: 'iPhone',
  maxTouchPoints: 5,
  standalone: false,
  pushSupported: false,
  permission: undefined,
};
const device = (id: string, label: string) => ({ id, label, createdAt: '2026-01-05T09:00:00.000Z', lastUsedAt: null });

// The browser at its boundary: one subscription this "device" holds once subscribed.
let subscription: { endpoint: string; toJSON(): PushSubscriptionJSON } | null = null;
const subscribe = vi.fn(async (options: PushSubscriptionOptionsInit) => {
  void options;
  subscription = { endpoint: 'https://fcm.googleapis.com/fcm/send/abc', toJSON: () => ({ endpoint: 'https://fcm.googleapis.com/fcm/send/abc', keys: { p256dh: 'BPk', auth: 'au' } }) };
  return subscription;
});
const registration = { pushManager: { getSubscription: async () => subscription, subscribe } };
const requestPermission = vi.fn(async () => 'granted' as NotificationPermission);

let server: MockServer | undefined;
beforeAll(() => {
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { register: async () => registration, ready: Promise.resolve(registration) },
  });
  vi.stubGlobal('Notification', { permission: 'default', requestPermission });
});
afterAll(() => {
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'serviceWorker');
});
afterEach(() => {
  server?.restore();
  subscription = null;
  subscribe.mockClear();
  requestPermission.mockClear();
});

const keyRoute = (enabled = true) => on(apiRoutes.push.publicKey, () => ({ data: { publicKey: PUBLIC_KEY, enabled } }));

describe('PushCard', () => {
  it('asks nothing until the tap; then subscribes with the server key and stores the device', async () => {
    const devices: ReturnType<typeof device>[] = [];
    server = mockServer(
      keyRoute(),
      on(apiRoutes.push.list, () => ({ data: devices })),
      on(apiRoutes.push.subscribe, (request) => {
        const created = device('d-1', (request.body as { label: string }).label);
        devices.push(created);
        return { status: 201, data: created };
      }),
    );
    const user = userEvent.setup();
    render(<PushCard devices environment={chromeAndroid} />);

    const card = await screen.findByTestId('push-card');
    expect(card.getAttribute('data-state')).toBe('ask');
    expect(card.textContent).toContain('Sie erhalten Abfragen und Ergebnisse kostenlos als Benachrichtigung; ohne Reaktion folgt wie bisher SMS/E-Mail.');
    expect(await within(card).findByText('Noch kein Gerät erhält Benachrichtigungen.')).toBeTruthy();
    expect(requestPermission).not.toHaveBeenCalled();

    await user.click(within(card).getByRole('button', { name: 'Benachrichtigungen erlauben' }));
    expect(await within(card).findByText('Benachrichtigungen sind auf diesem Gerät eingeschaltet.')).toBeTruthy();
    expect(requestPermission).toHaveBeenCalledTimes(1);
    const options = subscribe.mock.calls[0]![0];
    expect(options.userVisibleOnly).toBe(true);
    expect(options.applicationServerKey).toEqual(keyBytes(PUBLIC_KEY));
    const [sent] = server.of(apiRoutes.push.subscribe);
    expect(sent?.body).toMatchObject({ endpoint: 'https://fcm.googleapis.com/fcm/send/abc', keys: { p256dh: 'BPk', auth: 'au' } });
    expect((sent?.body as { label: string }).label.length).toBeGreaterThan(0);
    expect(await within(card).findByText('1 Gerät')).toBeTruthy();
    expect(server.unhandled).toEqual([]);
  });

  it('stays unsubscribed when the family does not allow notifications, and says how to allow them', async () => {
    server = mockServer(keyRoute());
    requestPermission.mockResolvedValueOnce('denied');
    const user = userEvent.setup();
    render(<PushCard environment={chromeAndroid} />);
    await user.click(await screen.findByRole('button', { name: 'Benachrichtigungen erlauben' }));
    expect(await screen.findByTestId('push-denied')).toBeTruthy();
    expect(subscribe).not.toHaveBeenCalled();
    expect(server.of(apiRoutes.push.subscribe)).toEqual([]);
  });

  it('shows how to allow notifications again where they are blocked', async () => {
    server = mockServer(keyRoute());
    render(<PushCard environment={{ ...chromeAndroid, permission: 'denied' }} />);
    const card = await screen.findByTestId('push-card');
    expect(card.getAttribute('data-state')).toBe('denied');
    expect(card.textContent).toContain('Website-Einstellungen');
    expect(within(card).queryByRole('button')).toBeNull();
  });

  it('shows an iPhone in Safari how to add the app to the home screen first', async () => {
    server = mockServer(keyRoute());
    render(<PushCard environment={iPhoneSafari} />);
    const guide = await screen.findByTestId('push-install');
    expect(guide.textContent).toContain('„Teilen“');
    expect(guide.textContent).toContain('„Zum Home-Bildschirm“');
    // Installed on the home screen, Safari has push: the button.
    render(<PushCard environment={{ ...iPhoneSafari, standalone: true, pushSupported: true, permission: 'default' }} />);
    expect(await screen.findByRole('button', { name: 'Benachrichtigungen erlauben' })).toBeTruthy();
  });

  it('says when the browser cannot receive notifications, and shows nothing while push is off', async () => {
    server = mockServer(keyRoute());
    const { unmount } = render(<PushCard environment={{ ...chromeAndroid, pushSupported: false, permission: undefined }} />);
    expect((await screen.findByTestId('push-unsupported')).textContent).toContain('per SMS oder E-Mail');
    unmount();
    server.restore();

    server = mockServer(keyRoute(false));
    const { container } = render(<PushCard devices environment={chromeAndroid} />);
    await waitFor(() => expect(server!.of(apiRoutes.push.publicKey)).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(container.innerHTML).toBe('');
    expect(server.of(apiRoutes.push.list)).toEqual([]);
  });

  it("lists the family's devices and removes one", async () => {
    let devices = [device('d-1', 'Chrome · Android'), device('d-2', 'Safari · iPhone')];
    server = mockServer(
      keyRoute(),
      on(apiRoutes.push.list, () => ({ data: devices })),
      on(apiRoutes.push.unsubscribe, (request) => {
        devices = devices.filter((d) => d.id !== request.params.id);
        return { status: 200, data: undefined as never };
      }),
    );
    const user = userEvent.setup();
    render(<PushCard devices token="link-session" environment={chromeAndroid} />);
    const list = await screen.findByTestId('push-devices');
    expect(await within(list).findByText('2 Geräte')).toBeTruthy();
    expect(within(list).getAllByTestId('push-device').map((row) => row.textContent)).toEqual(['Chrome · Androidseit 05.01.2026Entfernen', 'Safari · iPhoneseit 05.01.2026Entfernen']);

    await user.click(within(list).getByRole('button', { name: 'Safari · iPhone entfernen' }));
    expect(await within(list).findByText('1 Gerät')).toBeTruthy();
    expect(server.of(apiRoutes.push.unsubscribe)[0]?.params).toEqual({ id: 'd-2' });
  });
});

describe('deviceLabel', () => {
  it('names the browser and the system', () => {
    expect(deviceLabel(chromeAndroid)).toBe('Chrome · Android');
    expect(deviceLabel(iPhoneSafari)).toBe('Safari · iPhone');
    expect(deviceLabel({ userAgent: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:132.0) Gecko/20100101 Firefox/132.0' })).toBe('Firefox · Windows');
    expect(deviceLabel({ userAgent: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36 Edg/130.0.0.0' })).toBe('Edge · Windows');
    expect(deviceLabel({ userAgent: 'Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/26.0 Chrome/122.0.0.0 Mobile Safari/537.36' })).toBe('Samsung Internet · Android');
    // An iPad says "Macintosh" but has a touch screen.
    expect(deviceLabel({ userAgent: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15', maxTouchPoints: 5 })).toBe('Safari · iPad');
    expect(deviceLabel({ userAgent: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15', maxTouchPoints: 0 })).toBe('Safari · macOS');
  });
});
