/**
 * The public pages' content, written by the server into each page's boot screen (app-shell.ts):
 * the landing, campaigns, allies, Conócenos, help/FAQ, a point's page, the waste map's first view
 * (its tiles) and the login and sign-up forms' static frame are painted with the HTML, before any
 * script, from the same data and Spanish texts the app then renders. The page's largest paint
 * needs no JavaScript.
 *
 * Why a static frame and not React's server renderer on the app's components: the pages stand
 * on Ionic's web components (IonPage and the shell), which need a DOM to define themselves and
 * render nothing useful on the server, and every page body renders only
 * after the page's frame has committed (AfterFirstCommit), so a hydrated tree would not match the
 * server's anyway. The frame uses the app's own classes and the server inlines the app's
 * stylesheets with it, so each block has the size the app gives it: when the app takes over
 * (lib/boot-screen.ts removes the frame once its page has rendered) the same text and images are
 * no larger, nothing moves and the largest paint stays the frame's.
 *
 * Everything here is escaped text from the database or the translation file; links carry
 * tabindex="-1" because the boot screen is hidden from assistive technology while the app runs
 * (the app's own page is what people navigate).
 */
import { MAP_DEFAULT_VIEW, imageSrcset, imageVariantUrl, type AboutPage, type AllyList, type CampaignList, type FaqItem, type PointDetail } from '@puntoverde/contract';
import { escapeHtml } from './app-shell.js';

export type Translations = { [key: string]: string | Translations };

/**
 * `api` reads a public API path (`v1/campaigns?...`) through the server's own routes, as an
 * anonymous visitor: the frame shows, and the page embeds, exactly what the app would get.
 * It answers the response body, or null when the answer is not a 200 (an unknown point).
 */
export type FrameContext = { texts: Translations; tileUrl: string; api: (path: string) => Promise<unknown> };

/** A read the frame cannot do without (the API failed): the page keeps its plain boot screen. */
async function read<T>(ctx: FrameContext, path: string): Promise<{ data: T }> {
  const body = (await ctx.api(path)) as { data: T } | null;
  if (!body) throw new Error(`page frame: GET ${path} failed`);
  return body;
}

/**
 * A page's frame and the API answers it was drawn from, keyed by the path the app asks
 * (`v1/campaigns?status=ongoing&page=1&page_size=12`), shaped as the API sends them: the app
 * takes them instead of fetching again (apps/web/src/lib/embedded-page-data.ts).
 */
export type PageFrame = {
  html: string;
  answers: Record<string, unknown>;
  /** `<link rel="preload">` of the page's largest image, for the <head>: fetched before the scripts. */
  preload?: string;
};

const frameOnly = (html: string): PageFrame => ({ html, answers: {} });

/** A translation by dotted key; the key itself when missing (a build always has them all). */
export function text(texts: Translations, key: string): string {
  let node: string | Translations | undefined = texts;
  for (const part of key.split('.')) node = typeof node === 'object' ? node[part] : undefined;
  return typeof node === 'string' ? node : key;
}

/**
 * The signed-in pages' frames: what each page shows first, as headings from the translation
 * file and skeleton boxes where the list or form will be. Never any user data: the server does
 * not know who asks (the session is a bearer token the app keeps in localStorage), so the HTML
 * of these routes is the same for everyone, crawlers included (public/robots.txt).
 */
const SIGNED_IN_FRAMES: Record<string, { lead?: string; headings: string[]; controls: string[]; rows: number }> = {
  '/app/tabs/request': { lead: 'pages.request.lead', headings: ['requests.mine.title'], controls: ['frame-segment'], rows: 3 },
  '/app/tabs/prequest': { lead: 'pages.prequest.lead', headings: ['requests.point.title'], controls: ['frame-segment', 'frame-filters'], rows: 3 },
  '/app/tabs/points': { lead: 'pages.points.lead', headings: [], controls: [], rows: 2 },
  '/app/tabs/reports': { lead: 'pages.reports.lead', headings: ['reports.section.title'], controls: ['frame-segment', 'frame-segment'], rows: 3 },
  '/auth/profile/:id_user': { lead: 'pages.profile.lead', headings: ['identity.profile.accountSection'], controls: [], rows: 3 },
  // The back-office home opens with its dashboard; the sections list comes under it once it has loaded.
  '/admin': { lead: 'admin.intro', headings: ['design.dashboard.title'], controls: [], rows: 3 },
};

/** The route patterns that have a content frame. */
export const FRAMED_ROUTES = [
  '/index',
  '/home',
  '/campaign',
  '/allies',
  '/contact',
  '/help',
  '/map/:id',
  '/auth/login',
  '/auth/signup-client',
  ...Object.keys(SIGNED_IN_FRAMES),
] as const;

/** Whether a route's frame depends on data that changes (rendered per request) or only on the build. */
export function isStaticFrame(route: string): boolean {
  return route === '/index' || route === '/home' || route === '/auth/login' || route === '/auth/signup-client' || route in SIGNED_IN_FRAMES;
}

function signedInFrame(t: (key: string) => string, route: string): PageFrame | null {
  const f = SIGNED_IN_FRAMES[route];
  if (!f) return null;
  // The page's lead paragraph (PageLayout's `lead`): the same text, class and place as the app's.
  const lead = f.lead ? `<p class="lead page-lead">${e(t(f.lead))}</p>` : '';
  const headings = f.headings.map((key) => `<h2>${e(t(key))}</h2>`).join('');
  const rows = Array.from({ length: f.rows }, () => '<span class="frame-skeleton"></span>').join('');
  return frameOnly(`${lead}${headings}${f.controls.map(controlRoom).join('')}<div class="frame-list" aria-busy="true">${rows}</div>`);
}

const e = escapeHtml;
const link = (href: string, label: string, className = '') =>
  `<a href="${e(href)}" tabindex="-1"${className ? ` class="${className}"` : ''}>${label}</a>`;
const paragraphs = (body: string) =>
  body
    .split(/\n{2,}/)
    .filter(Boolean)
    .map((p) => `<p>${e(p)}</p>`)
    .join('');
/** Room for a control the app draws later (the chip filters, a filter row), at its size. */
const controlRoom = (className: string) => `<div class="${className}" aria-hidden="true"></div>`;

/** The search icon of apps/web/src/components/search-input.tsx (ionicons' search-sharp). */
const SEARCH_ICON =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512" class="ionicon"><path d="M464 428 339.92 303.9a160.48 160.48 0 0 0 30.72-94.58C370.64 120.37 298.27 48 209.32 48S48 120.37 48 209.32s72.37 161.32 161.32 161.32a160.48 160.48 0 0 0 94.58-30.72L428 464ZM209.32 319.69a110.38 110.38 0 1 1 110.37-110.37 110.5 110.5 0 0 1-110.37 110.37"/></svg>';

/**
 * An empty search field as apps/web/src/components/search-input.tsx draws it (keep both in step):
 * same classes, so the same size; read-only and out of the tab order like the rest of the frame.
 */
export const searchFieldHtml = (placeholder: string) =>
  `<div class="pv-search"><span class="icon pv-search__icon" aria-hidden="true">${SEARCH_ICON}</span>` +
  `<input type="search" class="pv-search__input" placeholder="${e(placeholder)}" readonly tabindex="-1"></div>`;

/**
 * An uploaded image as apps/web/src/components/responsive-image.tsx renders it (keep both in
 * step): AVIF, WebP and JPEG at each variant width, `sizes` for the browser's pick, lazy unless
 * it is the page's largest paint. Any other address is a plain <img>.
 */
export function responsiveImageHtml(
  src: string,
  o: { className: string; alt: string; sizes: string; width: number; height: number; priority?: boolean },
): string {
  const attrs =
    `class="${o.className}" alt="${e(o.alt)}" width="${o.width}" height="${o.height}" ` +
    (o.priority ? 'loading="eager" fetchpriority="high"' : 'loading="lazy"') +
    ' decoding="async"';
  const avif = imageSrcset(src, 'avif');
  if (!avif) return `<img src="${e(src)}" ${attrs}>`;
  const sizes = e(o.sizes);
  return (
    `<picture class="responsive-image"><source type="image/avif" srcset="${e(avif)}" sizes="${sizes}">` +
    `<source type="image/webp" srcset="${e(imageSrcset(src, 'webp') ?? '')}" sizes="${sizes}">` +
    `<img src="${e(imageVariantUrl(src, 640, 'jpg') ?? src)}" srcset="${e(imageSrcset(src, 'jpg') ?? '')}" sizes="${sizes}" ${attrs}></picture>`
  );
}

/**
 * The preload of an uploaded image the page shows first (its largest paint): the AVIF candidates
 * with the same `sizes`, so the browser fetches the very file the <picture> picks, from the
 * <head>, before the page's scripts (on a slow link it otherwise shares the bandwidth with
 * them). A browser without AVIF skips it (`type`) and the <picture> still picks WebP or JPEG.
 */
export function imagePreloadHtml(src: string, sizes: string): string {
  const avif = imageSrcset(src, 'avif');
  return avif ? `<link rel="preload" as="image" type="image/avif" imagesrcset="${e(avif)}" imagesizes="${e(sizes)}" fetchpriority="high">` : '';
}

/** features/campaigns/components/campaign-card.tsx's `sizes`. */
const CAMPAIGN_CARD_IMAGE_SIZES = '(min-width: 72rem) 17rem, (min-width: 55rem) 33vw, (min-width: 35rem) 50vw, calc(100vw - 2rem)';

const QUICK_ACTIONS = [
  { key: 'where', to: '/home' },
  { key: 'pickup', to: '/app/tabs/request/new' },
  { key: 'campaigns', to: '/campaign' },
  { key: 'pqr', to: '/help' },
];

function landing(t: (key: string) => string): string {
  const tiles = QUICK_ACTIONS.map(
    (a) =>
      `<li><a href="${a.to}" tabindex="-1" class="landing-tile"><span class="landing-tile-icon"></span>` +
      `<span class="landing-tile-title">${e(t(`pages.index.actions.${a.key}.title`))}</span>` +
      `<span class="landing-tile-text">${e(t(`pages.index.actions.${a.key}.text`))}</span></a></li>`,
  ).join('');
  return (
    `<section class="landing-hero"><h2 class="landing-brand">${e(t('app.name'))}</h2>` +
    `<p class="landing-promise">${e(t('pages.index.promise'))}</p><p class="lead">${e(t('pages.index.lead'))}</p></section>` +
    `<nav><ul class="landing-tiles">${tiles}</ul></nav>`
  );
}

const bogotaDate = new Intl.DateTimeFormat('es-CO', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'America/Bogota' });

/** The first page of campaigns the app's list asks for (features/campaigns/components/campaign-list.tsx). */
export const CAMPAIGNS_PATH = 'v1/campaigns?status=ongoing&page=1&page_size=12';
/** The allies the app's browser asks for with no filter (features/allies/api/get-allies.ts). */
export const ALLIES_PATH = 'v1/allies?page=1&page_size=100';
export const ABOUT_PATH = 'v1/content/about';
export const FAQ_PATH = 'v1/content/faq';

async function campaigns(ctx: FrameContext, t: (key: string) => string): Promise<PageFrame> {
  const body = await read<CampaignList>(ctx, CAMPAIGNS_PATH);
  const list = body.data;
  const cards = list.items
    .map((c, i) => {
      // The first card's image is the page's largest paint.
      const image = c.image_url
        ? responsiveImageHtml(c.image_url, {
            className: 'content-card__image',
            alt: '',
            sizes: CAMPAIGN_CARD_IMAGE_SIZES,
            width: 1200,
            height: 630,
            priority: i === 0,
          })
        : '';
      const dates = `${bogotaDate.format(new Date(c.starts_at))} – ${bogotaDate.format(new Date(c.ends_at))}`;
      return (
        `<article class="content-card">${image}<div class="content-card__body">` +
        `<h2 class="content-card__title">${link(`/campaign?id=${c.id}`, e(c.title))}</h2>` +
        `<p class="content-card__meta"><time datetime="${e(c.starts_at)}">${e(dates)}</time></p>` +
        (c.place_name ? `<p class="content-card__meta">${e(c.place_name)}</p>` : '') +
        `<p>${e(c.summary)}</p></div></article>`
      );
    })
    .join('');
  const grid = cards || `<div class="empty-state"><p>${e(t('campaigns.empty.ongoing'))}</p></div>`;
  const first = list.items[0]?.image_url;
  return {
    html: `${controlRoom('frame-segment')}<section class="card-grid">${grid}</section>`,
    answers: { [CAMPAIGNS_PATH]: body },
    preload: first ? imagePreloadHtml(first, CAMPAIGN_CARD_IMAGE_SIZES) : undefined,
  };
}

async function allies(ctx: FrameContext, t: (key: string) => string): Promise<PageFrame> {
  const body = await read<AllyList>(ctx, ALLIES_PATH);
  const list = body.data;
  const cards = list.items
    .map(
      (a) =>
        `<article class="content-card ally-card"><div class="ally-card__head">` +
        (a.logo_url
          ? responsiveImageHtml(a.logo_url, { className: 'ally-card__logo', alt: '', sizes: '64px', width: 64, height: 64 })
          : `<span class="ally-card__logo ally-card__logo--empty"></span>`) +
        `<div>` +
        `<h2 class="content-card__title">${e(a.name)}</h2><span class="content-card__meta">${e(t(`allies.category.${a.category}`))}</span></div></div>` +
        `<p>${e(a.description ?? '')}</p></article>`,
    )
    .join('');
  const html =
    `<p class="lead">${e(t('allies.intro'))}</p>${controlRoom('frame-segment')}${controlRoom('frame-filters')}` +
    `<section class="card-grid">${cards || `<div class="empty-state"><p>${e(t('allies.empty'))}</p></div>`}</section>`;
  return { html, answers: { [ALLIES_PATH]: body } };
}

async function about(ctx: FrameContext, t: (key: string) => string): Promise<PageFrame> {
  const body = await read<AboutPage>(ctx, ABOUT_PATH);
  const page = body.data;
  const channels = [
    page.email ? [t('content.email'), page.email] : null,
    page.phone ? [t('content.phone'), page.phone] : null,
    page.whatsapp ? ['WhatsApp', page.whatsapp] : null,
    page.address ? [t('content.address'), page.address] : null,
    page.hours ? [t('content.hours'), page.hours] : null,
    page.website ? [t('content.website'), page.website] : null,
  ].filter((c): c is [string, string] => c !== null);
  const list = channels.length
    ? `<ul class="contact-list contact-list--large">${channels.map(([label, value]) => `<li><span class="contact-list__label">${e(label)}:</span> ${e(value)}</li>`).join('')}</ul>`
    : `<p>${e(t('content.noChannels'))}</p>`;
  return {
    html: `<h2>${e(page.title)}</h2><p class="lead">${e(page.intro)}</p>${paragraphs(page.body)}<h2>${e(t('content.channels'))}</h2>${list}`,
    answers: { [ABOUT_PATH]: body },
  };
}

async function help(ctx: FrameContext, t: (key: string) => string): Promise<PageFrame> {
  const body = await read<FaqItem[]>(ctx, FAQ_PATH);
  const faq = body.data;
  const questions = faq.length
    ? `<ul class="frame-faq">${faq.map((f) => `<li>${e(f.question)}</li>`).join('')}</ul>`
    : `<p class="empty-state">${e(t('content.faqEmpty'))}</p>`;
  const html =
    `<section class="material-guide"><h2>${e(t('content.guideTitle'))}</h2><p>${e(t('content.guideIntro'))}</p>${searchFieldHtml(t('content.guidePlaceholder'))}</section>` +
    `<section><h2>${e(t('content.faqTitle'))}</h2>${questions}</section>`;
  return { html, answers: { [FAQ_PATH]: body } };
}

/** The slippy-map tile holding a point at a zoom (OpenStreetMap's tile numbering). */
export function tileOf(lat: number, lng: number, zoom: number): { x: number; y: number; px: number; py: number } {
  const n = 2 ** zoom;
  const fx = ((lng + 180) / 360) * n;
  const rad = (lat * Math.PI) / 180;
  const fy = ((1 - Math.log(Math.tan(rad) + 1 / Math.cos(rad)) / Math.PI) / 2) * n;
  const x = Math.floor(fx);
  const y = Math.floor(fy);
  return { x, y, px: Math.round((fx - x) * 256), py: Math.round((fy - y) * 256) };
}

/**
 * A tile's address as Leaflet writes it, so that the browser reuses the frame's tile when the map
 * asks for it: `{s}` is one of Leaflet's default subdomains chosen as Leaflet chooses it, and
 * `retina` fills `{r}` with `@2x` (a 512 px tile), as Leaflet does on a dense screen.
 */
export function tileSrc(template: string, zoom: number, x: number, y: number, retina = false): string {
  return template
    .replace('{s}', LEAFLET_SUBDOMAINS[Math.abs(x + y) % LEAFLET_SUBDOMAINS.length] ?? 'a')
    .replace('{z}', String(zoom))
    .replace('{x}', String(x))
    .replace('{y}', String(y))
    .replace('{r}', retina ? '@2x' : '');
}

/** Leaflet's TileLayer default `subdomains`. */
const LEAFLET_SUBDOMAINS = 'abc';

/** `srcset` for a tile when the template has high-density tiles (`{r}`): the browser picks what Leaflet will draw. */
function tileSrcset(template: string, zoom: number, x: number, y: number): string {
  return template.includes('{r}') ? ` srcset="${e(tileSrc(template, zoom, x, y, true))} 2x"` : '';
}

/**
 * A map tile at its place in a `.frame-map` box, as Leaflet places it: `left`/`top` are the px
 * from the box's centre to the tile's corner; `first` fetches it before the page's other images.
 */
function tileImg(template: string, zoom: number, x: number, y: number, left: number, top: number, first: boolean): string {
  const place = (v: number) => (v === 0 ? '50%' : `calc(50% ${v < 0 ? '-' : '+'} ${Math.abs(v)}px)`);
  return (
    `<img src="${e(tileSrc(template, zoom, x, y))}"${tileSrcset(template, zoom, x, y)} alt="" width="256" height="256" ` +
    `${first ? 'fetchpriority="high" ' : ''}style="left:${place(left)};top:${place(top)}">`
  );
}

async function point(ctx: FrameContext, t: (key: string) => string, id: number): Promise<PageFrame | null> {
  const body = (await ctx.api(`v1/points/${id}`)) as { data: PointDetail } | null;
  if (!body) return null; // an unknown point: the app says so
  const { data } = body;
  const address = [data.address, data.city].filter(Boolean).join(', ');
  // The map as the app opens it (zoom 16, centred on the point): the tile under the point, where
  // Leaflet will draw it, so the map's first tile is on screen with the HTML.
  const tile = tileOf(data.lat, data.lng, 16);
  const map = `<div class="pvp-detail-map frame-map">${tileImg(ctx.tileUrl, 16, tile.x, tile.y, -tile.px, -tile.py, true)}</div>`;
  const html =
    `<article class="pvp-detail"><header><p class="pvp-kind">${e(t(`points.kinds.${data.kind}`))}</p>` +
    `<h2 class="pvp-detail-name">${e(data.name)}</h2><p class="pvp-detail-address">${e(address)}</p></header>` +
    `${controlRoom('frame-actions')}${map}</article>`;
  // The app asks with `?at=<now>`: it matches this answer when its clock agrees (embedded-page-data.ts).
  return { html, answers: { [`v1/points/${id}`]: body } };
}

/**
 * The part of a phone's screen the waste map covers at most (points.css: the map is the screen's
 * width less the page's margins, and its height less the header and the tools): the tiles drawn
 * into /home's HTML are those Leaflet shows there first. A wider screen sees the same tiles in
 * the middle of the map until Leaflet has drawn it whole.
 */
const HOME_MAP_BOX = { width: 412, height: 560 };

/**
 * /home: room for the map's tools (search, material chips, the near-me and view switches) and
 * the map's first view (MAP_DEFAULT_VIEW) as Leaflet lays it out: tiles placed from the map's
 * centre, the one under the centre first and fetched first. The points come with the app.
 */
function homeMap(ctx: FrameContext): string {
  const { lat, lng, zoom } = MAP_DEFAULT_VIEW;
  const centre = tileOf(lat, lng, zoom);
  const halfW = HOME_MAP_BOX.width / 2;
  const halfH = HOME_MAP_BOX.height / 2;
  // Tile column i spans [i*256 - px, (i+1)*256 - px] from the centre; keep those that meet the box.
  const range = (offset: number, half: number) => {
    const out: number[] = [];
    for (let i = Math.floor((-half + offset) / 256); i * 256 - offset < half; i++) out.push(i);
    return out;
  };
  const cols = range(centre.px, halfW);
  const rows = range(centre.py, halfH);
  const tiles: string[] = [tileImg(ctx.tileUrl, zoom, centre.x, centre.y, -centre.px, -centre.py, true)];
  for (const j of rows)
    for (const i of cols)
      if (i !== 0 || j !== 0) tiles.push(tileImg(ctx.tileUrl, zoom, centre.x + i, centre.y + j, i * 256 - centre.px, j * 256 - centre.py, false));
  return (
    `<div class="pvp-points-screen">${controlRoom('frame-map-tools')}<div class="pvp-points-body"><div class="pvp-points-map">` +
    `<div class="pvp-map-area frame-map">${tiles.join('')}</div></div></div></div>`
  );
}

function formFrame(t: (key: string) => string, lead: string, fields: string[], extra = ''): PageFrame {
  const rows = fields.map((key) => `<div class="frame-field"><span>${e(t(key))}</span><span class="frame-input"></span></div>`).join('');
  return frameOnly(`<p class="lead">${e(t(lead))}</p>${extra}<div class="frame-form">${rows}</div>`);
}

/** The answers as a JSON block for the page's <head>; `<` escaped so no value can close the element. */
export function renderPageAnswers(answers: Record<string, unknown>, renderedAt = new Date()): string {
  if (!Object.keys(answers).length) return '';
  // `@rendered_at`: an answer that depends on the clock (a point's "abierto ahora") serves only a
  // device whose clock agrees with the server's (embedded-page-data.ts).
  const block = { '@rendered_at': renderedAt.toISOString(), ...answers };
  return `<script type="application/json" id="pv-page-data">${JSON.stringify(block).replace(/</g, '\\u003c')}</script>`;
}

/**
 * The content frame of a path whose route (a pattern of routes.json) has one, else null.
 * `search` is the query string (`/campaign?id=3` shows one campaign: no list frame for it).
 */
export async function renderPageFrame(ctx: FrameContext, route: string, pathname: string, search = ''): Promise<PageFrame | null> {
  const t = (key: string) => text(ctx.texts, key);
  switch (route) {
    case '/index':
      return frameOnly(landing(t));
    case '/home':
      return frameOnly(homeMap(ctx));
    case '/campaign':
      return new URLSearchParams(search).has('id') ? null : campaigns(ctx, t);
    case '/allies':
      return allies(ctx, t);
    case '/contact':
      return about(ctx, t);
    case '/help':
      return help(ctx, t);
    case '/map/:id': {
      const id = /^\/map\/(\d{1,9})\/?$/.exec(pathname)?.[1];
      return id ? point(ctx, t, Number(id)) : null;
    }
    case '/auth/login':
      return formFrame(t, 'identity.login.lead', ['identity.fields.email', 'identity.fields.password']);
    case '/auth/signup-client':
      return formFrame(
        t,
        'identity.signup.clientLead',
        ['identity.fields.firstName', 'identity.fields.lastName', 'identity.fields.email', 'identity.fields.password'],
        `<p>${e(t('identity.signup.otherKindCompany'))} ${link('/auth/signup-company', e(t('identity.signup.otherKindLink')))}</p>`,
      );
    default:
      return signedInFrame(t, route);
  }
}
