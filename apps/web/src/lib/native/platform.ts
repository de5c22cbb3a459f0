/**
 * Where the app runs. Capacitor's native shell injects `window.Capacitor` before the page loads,
 * so the web build never imports @capacitor/core to find out (nothing added to the first screen).
 */
type CapacitorGlobal = { isNativePlatform?: () => boolean; getPlatform?: () => string };

export function capacitorGlobal(): CapacitorGlobal | undefined {
  return (globalThis as { Capacitor?: CapacitorGlobal }).Capacitor;
}

/** True inside the Android or iOS app. */
export function isNativePlatform(): boolean {
  return capacitorGlobal()?.isNativePlatform?.() === true;
}

/** 'android' | 'ios' | 'web'. */
export function platform(): string {
  return isNativePlatform() ? (capacitorGlobal()?.getPlatform?.() ?? 'web') : 'web';
}
