/**
 * The campaign statuses and ally kinds/categories, apart from their schemas (campaigns.ts,
 * allies.ts) so that the public /campaign and /allies pages, which only list them, do not load
 * zod (about 24 KiB gzip and its start-up work on a phone).
 */
export const CAMPAIGN_STATUSES = ['ongoing', 'upcoming', 'past'] as const;

export const ALLY_KINDS = ['aliado', 'adherido'] as const;

export const ALLY_CATEGORIES = [
  'comercio',
  'industria',
  'gestor-residuos',
  'organizacion-social',
  'entidad-publica',
  'educacion',
  'otro',
] as const;

/** GET (public): the FAQ and the "about" page. */
export const CONTENT_PATHS = {
  faq: '/back/api/v1/content/faq',
  about: '/back/api/v1/content/about',
} as const;
