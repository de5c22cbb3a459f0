import { DEFAULT_BRANDING, brandText, formatColombianPhone, hexToRgb, mixColor, type PublicBranding } from '@puntoverde/contract';
import type { MailMessage } from '../../lib/mailer.js';

/**
 * The brand applied to what the server writes: the web app's pages, its manifest, e-mails and the
 * sender's name. Texts are written with "PuntoVerde"; each surface here puts the scheme's name
 * in its place (and its colour, contact and legal entity where they show).
 */

function isDefault(branding: PublicBranding): boolean {
  return (
    branding.name === DEFAULT_BRANDING.name &&
    branding.primary_color === DEFAULT_BRANDING.primary_color &&
    branding.logo_url === null
  );
}

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** CSS giving the app (and the boot screen drawn before it) the brand's primary colour, light scheme only. */
export function brandStyle(branding: PublicBranding): string {
  const color = branding.primary_color;
  const rgb = hexToRgb(color).join(', ');
  // `:root:root` outranks the app's own `:root` in theme/variables.css, whichever loads last.
  return (
    `@media not (prefers-color-scheme: dark){:root:root{--ion-color-primary:${color};--ion-color-primary-rgb:${rgb};` +
    `--ion-color-primary-shade:${mixColor(color, -0.12)};--ion-color-primary-tint:${mixColor(color, 0.1)};--pv-brand-color:${color}}` +
    `.boot-bar{background:${color}!important}}`
  );
}

/**
 * A page of the web app in the scheme's brand: its name wherever the page says "PuntoVerde"
 * (title, boot screen, the server-written content, the embedded config), the theme colour, and
 * the logo as the page's icon. The default brand returns the page as it is.
 */
export function brandHtml(html: string, branding: PublicBranding): string {
  if (isDefault(branding)) return html;
  let out = brandText(html, escapeHtml(branding.name));
  out = out.replace(/(<meta name="theme-color" content=")[^"]*(" media="\(prefers-color-scheme: light\)")/, `$1${branding.primary_color}$2`);
  const icon = branding.logo_url ? `<link rel="icon" href="${escapeHtml(branding.logo_url)}">` : '';
  return out.replace('</head>', () => `<style id="pv-brand">${brandStyle(branding)}</style>${icon}</head>`);
}

type ManifestIcon = { src: string; sizes?: string; type?: string; purpose?: string };
type Manifest = {
  name?: string;
  short_name?: string;
  description?: string;
  theme_color?: string;
  icons?: ManifestIcon[];
  [key: string]: unknown;
};

/** The web app manifest in the scheme's brand: its name, every label, the theme colour and the logo first among the icons. */
export function brandManifest(manifest: Manifest, branding: PublicBranding, logo: { width: number | null; height: number | null; mime: string } | null): Manifest {
  if (isDefault(branding)) return manifest;
  const branded = JSON.parse(brandText(JSON.stringify(manifest), branding.name.replace(/["\\]/g, ''))) as Manifest;
  branded.name = branding.name;
  branded.short_name = branding.name;
  branded.theme_color = branding.primary_color;
  if (branding.logo_url && logo) {
    const sizes = logo.width && logo.height ? `${logo.width}x${logo.height}` : 'any';
    branded.icons = [{ src: branding.logo_url, sizes, type: logo.mime, purpose: 'any' }, ...(branded.icons ?? [])];
  }
  return branded;
}

/** The footer lines e-mails carry: who runs the scheme and how to reach it. */
export function brandFooterLines(branding: PublicBranding): string[] {
  const lines: string[] = [];
  if (branding.legal_name) lines.push(branding.legal_nit ? `${branding.legal_name} · NIT ${branding.legal_nit}` : branding.legal_name);
  const contact = [branding.contact_email, branding.contact_phone ? formatColombianPhone(branding.contact_phone) : null].filter(Boolean);
  if (contact.length) lines.push(`Contacto: ${contact.join(' · ')}`);
  return lines;
}

/**
 * An e-mail in the scheme's brand, before it is sent or queued: its name in the subject and the
 * body, the button colour, and a footer with the legal entity and the contact.
 */
export function brandMailMessage(message: MailMessage, branding: PublicBranding): MailMessage {
  const footer = brandFooterLines(branding);
  const name = branding.name;
  const text = brandText(message.text, name);
  const branded: MailMessage = {
    ...message,
    subject: brandText(message.subject, name),
    text: footer.length ? `${text.replace(/\n*$/, '')}\n\n--\n${footer.join('\n')}\n` : text,
  };
  if (message.html !== undefined) {
    let html = brandText(message.html, escapeHtml(name));
    if (branding.primary_color !== DEFAULT_BRANDING.primary_color) html = html.replace(/#1f6b35/gi, branding.primary_color);
    if (footer.length) {
      const block = `<p style="font-size:12px;color:#5b6b60;margin:8px 0 0">${footer.map(escapeHtml).join('<br>')}</p>`;
      html = html.includes('</div></body>') ? html.replace('</div></body>', () => `${block}</div></body>`) : html.replace('</body>', () => `${block}</body>`);
    }
    branded.html = html;
  }
  return branded;
}

/** The sender in the scheme's name when MAIL_FROM keeps the default's ("PuntoVerde <…>"); an operator's own name stays. */
export function brandedFrom(mailFrom: string, branding: PublicBranding): string {
  if (branding.name === DEFAULT_BRANDING.name || !mailFrom.includes(DEFAULT_BRANDING.name)) return mailFrom;
  const quoted = `"${branding.name.replace(/["\\]/g, '')}"`;
  return mailFrom.replace(/^[^<]*</, `${quoted} <`);
}

/**
 * The app's mailer with every message put in the scheme's brand as it is handed over (before
 * any queue stores it). The same object, its `send` wrapped, so whatever else it offers stays.
 */
export function withBranding<M extends { send(message: MailMessage): Promise<void> }>(mailer: M, branding: () => PublicBranding): M {
  const send = mailer.send.bind(mailer);
  mailer.send = (message) => send(brandMailMessage(message, branding()));
  return mailer;
}
