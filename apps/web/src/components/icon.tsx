/**
 * An ionicons icon drawn inline, without the <ion-icon> web component and its runtime
 * (~8 KiB gzip saved on the first paint). Decorative only: always aria-hidden.
 *
 * `icon` must be an export of 'ionicons/icons' (a build-time constant SVG data URL); never
 * pass user content here, it is inserted as markup.
 */
const SVG_DATA_URL_PREFIX = 'data:image/svg+xml;utf8,';

export function Icon({ icon, className, slot }: { icon: string; className?: string; slot?: 'start' | 'end' }) {
  const markup = icon.startsWith(SVG_DATA_URL_PREFIX) ? icon.slice(SVG_DATA_URL_PREFIX.length) : '';
  return (
    <span
      className={className ? `icon ${className}` : 'icon'}
      // In an IonButton: placed and sized as the button places an <ion-icon> (theme/app.css).
      slot={slot}
      aria-hidden="true"
      dangerouslySetInnerHTML={{ __html: markup }}
    />
  );
}
