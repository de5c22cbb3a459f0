/**
 * The native shell's behaviour, started once in the app (never on the web): status bar colours,
 * the keyboard, Android's back button and deep links.
 *
 * - Back button (Android): closes what is open first — an Ionic overlay (modal, popover, action
 *   sheet, alert), then the side menu — then goes back in history, and only on the first page
 *   leaves the app.
 * - Deep links: https://<PUBLIC_URL host>/… (App Links / Universal Links) and puntoverde://…
 *   open the same route as on the web, fragment included (a social sign-in's result arrives as
 *   `puntoverde://auth/login#social_code=…`; the system browser it came from is closed).
 */
import { isNativePlatform } from './platform';
import { closeSocialBrowser, isSocialReturn } from './social-sign-in';

type Listener = { remove(): Promise<void> };
export type NativeShellPlugins = {
  App: {
    addListener(event: 'backButton', cb: (e: { canGoBack: boolean }) => void): Promise<Listener>;
    addListener(event: 'appUrlOpen', cb: (e: { url: string }) => void): Promise<Listener>;
    exitApp(): Promise<void>;
  };
  StatusBar: {
    setStyle(o: { style: 'DARK' | 'LIGHT' }): Promise<void>;
    setBackgroundColor(o: { color: string }): Promise<void>;
  };
  Keyboard: { setAccessoryBarVisible(o: { isVisible: boolean }): Promise<void> };
};

export type ShellDeps = {
  /** Navigates inside the app (the router's push). */
  navigate: (path: string) => void;
  goBack: () => void;
  /** The top Ionic overlay or open menu, if any; closing it consumes the back press. */
  closeTopLayer?: () => Promise<boolean>;
  /** The host of PUBLIC_URL: its https links are the app's own. */
  appHost: string;
  plugins?: () => Promise<NativeShellPlugins>;
  /** Closes the system browser a social sign-in returned from. */
  closeBrowser?: () => Promise<void>;
  isNative?: boolean;
};

const loadPlugins = async (): Promise<NativeShellPlugins> => {
  const [{ App }, { StatusBar }, { Keyboard }] = await Promise.all([
    import('@capacitor/app'),
    import('@capacitor/status-bar'),
    import('@capacitor/keyboard'),
  ]);
  return { App, StatusBar, Keyboard } as unknown as NativeShellPlugins;
};

/** The route a deep link opens, or null when it is not one of the app's links. */
export function routeOfDeepLink(url: string, appHost: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  if (parsed.protocol === 'puntoverde:') {
    // puntoverde://help?radicado=… → host "help"; puntoverde:///help → path "/help".
    const path = `/${[parsed.host, parsed.pathname.replace(/^\/+/, '')].filter(Boolean).join('/')}`;
    return path === '/' ? '/index' : path + parsed.search + parsed.hash;
  }
  if (parsed.protocol === 'https:' && parsed.host === appHost && !parsed.pathname.startsWith('/back/')) {
    return (parsed.pathname === '/' ? '/index' : parsed.pathname) + parsed.search + parsed.hash;
  }
  return null;
}

/** Ionic's overlays and the side menu, closed one at a time from the top. */
export async function closeIonicTopLayer(doc: Document = document): Promise<boolean> {
  const overlays = [
    ...doc.querySelectorAll<HTMLElement & { dismiss?: () => Promise<boolean> }>(
      'ion-modal, ion-popover, ion-action-sheet, ion-alert, ion-picker, ion-loading',
    ),
  ].filter((el) => !el.classList.contains('overlay-hidden'));
  const top = overlays.at(-1);
  if (top?.dismiss) {
    await top.dismiss();
    return true;
  }
  const menu = doc.querySelector<HTMLElement & { isOpen?: () => Promise<boolean>; close?: () => Promise<boolean> }>(
    'ion-menu',
  );
  if (menu?.isOpen && (await menu.isOpen())) {
    await menu.close?.();
    return true;
  }
  return false;
}

/** Starts the shell's behaviour; returns a function that stops it. */
export async function startNativeShell(deps: ShellDeps): Promise<() => void> {
  if (!(deps.isNative ?? isNativePlatform())) return () => {};
  const { App, StatusBar, Keyboard } = await (deps.plugins ?? loadPlugins)();
  await StatusBar.setStyle({ style: 'DARK' }).catch(() => undefined);
  await StatusBar.setBackgroundColor({ color: '#1e6b3a' }).catch(() => undefined);
  await Keyboard.setAccessoryBarVisible({ isVisible: true }).catch(() => undefined);
  const closeTop = deps.closeTopLayer ?? (() => closeIonicTopLayer());
  const listeners = await Promise.all([
    App.addListener('backButton', ({ canGoBack }) => {
      void closeTop().then((closed) => {
        if (closed) return;
        if (canGoBack) deps.goBack();
        else void App.exitApp();
      });
    }),
    App.addListener('appUrlOpen', ({ url }) => {
      const route = routeOfDeepLink(url, deps.appHost);
      if (route && isSocialReturn(url)) void (deps.closeBrowser ?? closeSocialBrowser)();
      if (route) deps.navigate(route);
    }),
  ]);
  return () => listeners.forEach((l) => void l.remove());
}
