/** Ionic's toast and alert controllers, loaded on a page's first toast or alert (lazy-overlays.ts). */
export { alertController, toastController } from '@ionic/core/components';
