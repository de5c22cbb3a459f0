/**
 * The one-time offer to verify the phone right after sign-up: remembered for that user until
 * they follow it or skip it ("Ahora no"); never shown again after that.
 */
const STORAGE_KEY = 'pv.phoneVerificationOffer';

export function offerPhoneVerification(userId: number): void {
  try {
    window.localStorage.setItem(STORAGE_KEY, String(userId));
  } catch {
    // Private mode without storage: the profile still offers it.
  }
}

export function isPhoneVerificationOffered(userId: number): boolean {
  try {
    return window.localStorage.getItem(STORAGE_KEY) === String(userId);
  } catch {
    return false;
  }
}

export function endPhoneVerificationOffer(): void {
  try {
    window.localStorage.removeItem(STORAGE_KEY);
  } catch {
    // Nothing stored.
  }
}
