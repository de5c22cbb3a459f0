import { afterEach, describe, expect, it, vi } from 'vitest';
import { takePhoto } from '../camera';
import { GeoError, locate, POSITION_OPTIONS } from '../geolocation';
import { isNativePlatform, platform } from '../platform';
import { registerForPush } from '../push';
import { closeIonicTopLayer, routeOfDeepLink, startNativeShell, type NativeShellPlugins } from '../shell';

/**
 * Each adapter on both paths: the browser API on the web, the Capacitor plugin in the app. The
 * plugins are stand-ins speaking the plugins' documented interfaces (the native side cannot run here).
 */

afterEach(() => {
  delete (globalThis as { Capacitor?: unknown }).Capacitor;
  vi.unstubAllGlobals();
});

describe('platform', () => {
  it('is the web unless Capacitor says native', () => {
    expect(isNativePlatform()).toBe(false);
    expect(platform()).toBe('web');
    (globalThis as { Capacitor?: unknown }).Capacitor = { isNativePlatform: () => true, getPlatform: () => 'android' };
    expect(isNativePlatform()).toBe(true);
    expect(platform()).toBe('android');
  });
});

describe('geolocation', () => {
  it('web: asks the browser with high accuracy and 10,000 ms', async () => {
    const getCurrentPosition = vi.fn(
      (ok: PositionCallback, _fail?: PositionErrorCallback, _options?: PositionOptions) =>
        ok({ coords: { latitude: 6.25, longitude: -75.56, accuracy: 12 } } as GeolocationPosition),
    );
    const pos = await locate({ isNative: false, web: { getCurrentPosition } as unknown as Geolocation });
    expect(pos).toEqual({ lat: 6.25, lng: -75.56, accuracy: 12 });
    expect(getCurrentPosition.mock.calls[0]![2]).toEqual({ enableHighAccuracy: true, timeout: 10000, maximumAge: 0 });
  });

  it('web: a refusal is "denied", no geolocation is "unsupported"', async () => {
    const getCurrentPosition = (_ok: PositionCallback, fail: PositionErrorCallback) =>
      fail({ code: 1 } as GeolocationPositionError);
    await expect(
      locate({ isNative: false, web: { getCurrentPosition } as unknown as Geolocation }),
    ).rejects.toMatchObject({ kind: 'denied' });
    await expect(locate({ isNative: false, web: undefined })).rejects.toBeInstanceOf(GeoError);
  });

  it('app: asks the Geolocation plugin with the same options', async () => {
    const getCurrentPosition = vi.fn(() =>
      Promise.resolve({ coords: { latitude: 6.2, longitude: -75.6, accuracy: 5 } }),
    );
    const pos = await locate({ isNative: true, native: () => Promise.resolve({ getCurrentPosition }) });
    expect(pos).toEqual({ lat: 6.2, lng: -75.6, accuracy: 5 });
    expect(getCurrentPosition).toHaveBeenCalledWith(POSITION_OPTIONS);
  });

  it("app: the plugin's permission refusal and timeout keep their meaning", async () => {
    const failing = (message: string) => () =>
      Promise.resolve({ getCurrentPosition: () => Promise.reject(new Error(message)) });
    await expect(locate({ isNative: true, native: failing('Location permission was denied') })).rejects.toMatchObject({
      kind: 'denied',
    });
    await expect(locate({ isNative: true, native: failing('Timeout expired') })).rejects.toMatchObject({
      kind: 'timeout',
    });
  });
});

describe('camera', () => {
  it('web: opens the page file input (the browser camera) and returns nothing itself', async () => {
    const web = vi.fn();
    expect(await takePhoto('camera', { isNative: false, web })).toBeNull();
    expect(web).toHaveBeenCalledOnce();
  });

  it('app: takes the photo with the Camera plugin and returns it as a File for the upload', async () => {
    const getPhoto = vi.fn(() =>
      Promise.resolve({ dataUrl: `data:image/jpeg;base64,${btoa('jpeg-bytes')}`, format: 'jpeg' }),
    );
    const file = await takePhoto('camera', {
      isNative: true,
      web: () => {},
      native: () => Promise.resolve({ getPhoto }),
    });
    expect(file).toBeInstanceOf(File);
    expect(file).toMatchObject({ name: 'foto.jpg', type: 'image/jpeg' });
    expect(await file!.text()).toBe('jpeg-bytes');
    expect(getPhoto).toHaveBeenCalledWith(expect.objectContaining({ source: 'CAMERA', resultType: 'dataUrl' }));
  });

  it('app: a cancelled photo is no photo, not an error', async () => {
    const getPhoto = () => Promise.reject(new Error('User cancelled photos app'));
    expect(
      await takePhoto('gallery', { isNative: true, web: () => {}, native: () => Promise.resolve({ getPhoto }) }),
    ).toBeNull();
  });
});

describe('push registration', () => {
  it('app: registers with FCM/APNs and sends the token through the same call as the web', async () => {
    const listeners: Record<string, (e: never) => void> = {};
    const plugin = {
      requestPermissions: () => Promise.resolve({ receive: 'granted' }),
      register: vi.fn(() => {
        setTimeout(() => listeners.registration!({ value: 'fcm-token-123' } as never), 0);
        return Promise.resolve();
      }),
      addListener: (event: string, cb: (e: never) => void) => {
        listeners[event] = cb;
        return Promise.resolve({ remove: () => Promise.resolve() });
      },
    };
    const send = vi.fn(() => Promise.resolve());
    const outcome = await registerForPush({
      send,
      isNative: true,
      os: 'android',
      native: () => Promise.resolve(plugin as never),
    });
    expect(outcome).toEqual({ status: 'registered', registration: { kind: 'fcm', token: 'fcm-token-123' } });
    expect(send).toHaveBeenCalledWith({ kind: 'fcm', token: 'fcm-token-123' });
  });

  it('app: a refused permission registers nothing', async () => {
    const plugin = {
      requestPermissions: () => Promise.resolve({ receive: 'denied' }),
      register: vi.fn(),
      addListener: vi.fn(),
    };
    const send = vi.fn();
    expect(await registerForPush({ send, isNative: true, native: () => Promise.resolve(plugin as never) })).toEqual({
      status: 'denied',
    });
    expect(plugin.register).not.toHaveBeenCalled();
  });

  it('web: asks the browser permission, subscribes through the Push API and sends it as webpush', async () => {
    vi.stubGlobal('Notification', { requestPermission: () => Promise.resolve('granted') });
    const send = vi.fn(() => Promise.resolve());
    const outcome = await registerForPush({
      send,
      isNative: false,
      webSubscribe: () => Promise.resolve('{"endpoint":"https://push"}'),
    });
    expect(outcome).toMatchObject({ status: 'registered', registration: { kind: 'webpush' } });
    expect(send).toHaveBeenCalledOnce();
  });
});

describe('native shell', () => {
  function fakePlugins() {
    const handlers: Record<string, (e: never) => void> = {};
    const calls: string[] = [];
    const plugins: NativeShellPlugins = {
      App: {
        addListener: (event: string, cb: (e: never) => void) => {
          handlers[event] = cb;
          return Promise.resolve({ remove: () => Promise.resolve() });
        },
        exitApp: () => {
          calls.push('exit');
          return Promise.resolve();
        },
      },
      StatusBar: {
        setStyle: (o) => Promise.resolve(void calls.push(`style:${o.style}`)),
        setBackgroundColor: (o) => Promise.resolve(void calls.push(`bg:${o.color}`)),
      },
      Keyboard: { setAccessoryBarVisible: () => Promise.resolve(void calls.push('keyboard')) },
    };
    return { plugins, handlers, calls };
  }

  it('web: does nothing', async () => {
    const stop = await startNativeShell({
      navigate: vi.fn(),
      goBack: vi.fn(),
      appHost: 'puntoverde.co',
      isNative: false,
    });
    expect(stop).toBeTypeOf('function');
  });

  it('app: the back button closes the open layer first, then goes back, and leaves only from the first page', async () => {
    const { plugins, handlers, calls } = fakePlugins();
    const goBack = vi.fn();
    let layerOpen = true;
    await startNativeShell({
      navigate: vi.fn(),
      goBack,
      appHost: 'puntoverde.co',
      isNative: true,
      plugins: () => Promise.resolve(plugins),
      closeTopLayer: () => {
        const was = layerOpen;
        layerOpen = false;
        return Promise.resolve(was);
      },
    });
    expect(calls).toEqual(['style:DARK', 'bg:#1e6b3a', 'keyboard']);
    const press = async (canGoBack: boolean) => {
      handlers.backButton!({ canGoBack } as never);
      await new Promise((r) => setTimeout(r, 0));
    };
    await press(true);
    expect(goBack).not.toHaveBeenCalled();
    await press(true);
    expect(goBack).toHaveBeenCalledOnce();
    await press(false);
    expect(calls).toContain('exit');
  });

  it('app: deep links open the same routes as the web', async () => {
    const { plugins, handlers } = fakePlugins();
    const navigate = vi.fn();
    await startNativeShell({
      navigate,
      goBack: vi.fn(),
      appHost: 'puntoverde.co',
      isNative: true,
      plugins: () => Promise.resolve(plugins),
    });
    handlers.appUrlOpen!({ url: 'https://puntoverde.co/help?radicado=PQR-2026-000123' } as never);
    handlers.appUrlOpen!({ url: 'puntoverde://home/42' } as never);
    handlers.appUrlOpen!({ url: 'https://otro-sitio.co/help' } as never);
    expect(navigate.mock.calls).toEqual([['/help?radicado=PQR-2026-000123'], ['/home/42']]);
  });

  it('reads deep links: app host and custom scheme yes, the API and other sites no', () => {
    expect(routeOfDeepLink('puntoverde://app/tabs/request', 'puntoverde.co')).toBe('/app/tabs/request');
    expect(routeOfDeepLink('puntoverde:///help', 'puntoverde.co')).toBe('/help');
    expect(routeOfDeepLink('https://puntoverde.co/', 'puntoverde.co')).toBe('/index');
    expect(routeOfDeepLink('https://puntoverde.co/back/api/v1/me', 'puntoverde.co')).toBeNull();
    expect(routeOfDeepLink('no es un enlace', 'puntoverde.co')).toBeNull();
  });

  it('closes the top Ionic overlay, then the open side menu, else nothing', async () => {
    const dismiss = vi.fn(() => Promise.resolve(true));
    const modal = Object.assign(document.createElement('ion-modal'), { dismiss });
    document.body.append(modal);
    expect(await closeIonicTopLayer()).toBe(true);
    expect(dismiss).toHaveBeenCalledOnce();
    modal.remove();
    const close = vi.fn(() => Promise.resolve(true));
    const menu = Object.assign(document.createElement('ion-menu'), { isOpen: () => Promise.resolve(true), close });
    document.body.append(menu);
    expect(await closeIonicTopLayer()).toBe(true);
    expect(close).toHaveBeenCalledOnce();
    menu.remove();
    expect(await closeIonicTopLayer()).toBe(false);
  });
});
