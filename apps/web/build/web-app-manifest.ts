/**
 * The web app manifest (dist/manifest.webmanifest, written by vite-plugin-pwa): what makes the
 * app installable. Icons are drawn from public/favicon.svg by scripts/make-icons.mjs, and only
 * their PNGs are named here: Chromium downloads a manifest's best icon through the page's
 * renderer, where an SVG is a document of its own built on the page's main thread during start-up
 * (about 9 ms of CPU each, measured in Lighthouse traces of /contact). The screenshots are of the
 * app itself (scripts/make-screenshots.mjs).
 */
import type { ManifestOptions } from 'vite-plugin-pwa';

export const THEME_COLOR = '#1e6b3a';

export const webAppManifest: Partial<ManifestOptions> = {
  id: '/',
  name: 'PuntoVerde',
  short_name: 'PuntoVerde',
  description: 'Encuentra dónde reciclar, únete a campañas y solicita la recolección de tus residuos aprovechables.',
  lang: 'es-CO',
  dir: 'ltr',
  start_url: '/index',
  scope: '/',
  display: 'standalone',
  orientation: 'any',
  background_color: '#ffffff',
  theme_color: THEME_COLOR,
  categories: ['utilities', 'lifestyle'],
  icons: [
    { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
    { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
    { src: '/icons/maskable-192.png', sizes: '192x192', type: 'image/png', purpose: 'maskable' },
    { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
  ],
  screenshots: [
    {
      src: '/screenshots/home-narrow.png',
      sizes: '540x960',
      type: 'image/png',
      form_factor: 'narrow',
      label: 'El mapa de puntos de reciclaje: ¿dónde reciclo?',
    },
    {
      src: '/screenshots/index-wide.png',
      sizes: '1280x800',
      type: 'image/png',
      form_factor: 'wide',
      label: 'Inicio de PuntoVerde: campañas, puntos y solicitudes de recolección',
    },
  ],
  shortcuts: [
    {
      name: '¿Dónde reciclo?',
      short_name: 'Dónde reciclo',
      description: 'El mapa de puntos de reciclaje cerca de ti',
      url: '/home',
      icons: [{ src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' }],
    },
    {
      name: 'Pedir recolección',
      short_name: 'Recolección',
      description: 'Solicita que recojan tus residuos aprovechables',
      url: '/app/tabs/request',
      icons: [{ src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' }],
    },
    {
      name: 'Radicar PQR',
      short_name: 'PQR',
      description: 'Peticiones, quejas, reclamos y sugerencias',
      url: '/help',
      icons: [{ src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' }],
    },
  ],
};
