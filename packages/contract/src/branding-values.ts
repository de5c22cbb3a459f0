/**
 * The scheme's brand (zod-free: the web app's first screens and the server's pages read it).
 * A municipality or operator sets it from the back office (GET/PUT v1/admin/settings/branding);
 * the public part reaches the web app in GET v1/config and in index.html.
 */

export const BRANDING_SETTINGS_PATH = '/back/api/v1/admin/settings/branding';

/** The name the code, texts and e-mails are written with; replaced by the scheme's own everywhere it shows. */
export const DEFAULT_SCHEME_NAME = 'PuntoVerde';
/** The design system's primary green (white text on it: 6.5:1). */
export const DEFAULT_PRIMARY_COLOR = '#1e6b3a';
export const SCHEME_NAME_MAX = 60;
/** WCAG 2.x AA for normal text: the toolbar, buttons and links put white text on the primary colour. */
export const MIN_CONTRAST_WITH_WHITE = 4.5;
export const HEX_COLOR_REGEX = /^#[0-9a-f]{6}$/;

export type PublicBranding = {
  /** The scheme's name, shown instead of "PuntoVerde" everywhere. */
  name: string;
  /** Same-origin URL of the logo (an uploaded image), or null for the default mark. */
  logo_url: string | null;
  /** `#rrggbb`, lower case. */
  primary_color: string;
  contact_email: string | null;
  /** Colombian number as stored (10 digits). */
  contact_phone: string | null;
  /** The legal entity behind the scheme, shown on certificates and in e-mail footers. */
  legal_name: string | null;
  /** Its NIT with check digit (`900123456-8`). */
  legal_nit: string | null;
};

export const DEFAULT_BRANDING: PublicBranding = Object.freeze({
  name: DEFAULT_SCHEME_NAME,
  logo_url: null,
  primary_color: DEFAULT_PRIMARY_COLOR,
  contact_email: null,
  contact_phone: null,
  legal_name: null,
  legal_nit: null,
});

/** A text written with the default name, in the scheme's name (the name is case-sensitive; domains like puntoverde.co stay). */
export function brandText(text: string, name: string): string {
  return name === DEFAULT_SCHEME_NAME ? text : text.split(DEFAULT_SCHEME_NAME).join(name);
}

function channel(value: number): number {
  const c = value / 255;
  return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

/** The `r, g, b` of a `#rrggbb` colour. */
export function hexToRgb(hex: string): [number, number, number] {
  const n = Number.parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

/** WCAG 2.x contrast ratio of white text on `hex` (1 to 21). */
export function contrastWithWhite(hex: string): number {
  const [r, g, b] = hexToRgb(hex);
  const luminance = 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
  return 1.05 / (luminance + 0.05);
}

/** `hex` mixed with black (`amount` < 0) or white (> 0), for the shade and tint Ionic wants. */
export function mixColor(hex: string, amount: number): string {
  const target = amount < 0 ? 0 : 255;
  const weight = Math.abs(amount);
  return `#${hexToRgb(hex)
    .map((c) => Math.round(c + (target - c) * weight).toString(16).padStart(2, '0'))
    .join('')}`;
}
