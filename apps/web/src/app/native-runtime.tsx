/**
 * The Android/iOS app's shell behaviour (status bar, keyboard, back button, deep links), loaded
 * only inside the native app (lib/native/shell.ts).
 */
import { useIonRouter } from '@ionic/react';
import { useEffect } from 'react';
import { API_ORIGIN } from '../lib/api-client';
import { startNativeShell } from '../lib/native/shell';

/** The server's host: its https links are the app's own (App Links / Universal Links). */
function appHost(): string {
  try {
    return new URL(API_ORIGIN).host;
  } catch {
    return window.location.host;
  }
}

export default function NativeRuntime() {
  const router = useIonRouter();
  useEffect(() => {
    let stop = () => {};
    void startNativeShell({
      navigate: (path) => router.push(path, 'root'),
      goBack: () => router.goBack(),
      appHost: appHost(),
    }).then((s) => (stop = s));
    return () => stop();
  }, [router]);
  return null;
}
