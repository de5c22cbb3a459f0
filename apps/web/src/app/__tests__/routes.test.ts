import { describe, expect, it } from 'vitest';
import routeTable from '../routes.json';

/** Spec §2 route table with the app/tabs sub-paths the menu links to. */
const SPEC_ROUTES = [
  '/index',
  '/home',
  '/home/:id',
  '/map/:id',
  '/allies',
  '/campaign',
  '/auth/login',
  '/auth/signup',
  '/auth/signup-client',
  '/auth/signup-company',
  '/auth/forgot-password',
  '/auth/profile/:id_user',
  '/contact',
  '/help',
  '/page-not-found',
  '/complete-client',
  '/complete-company',
  '/app/tabs/prequest',
  '/app/tabs/request',
  '/app/tabs/points',
  '/app/tabs/branch-offices/list/:id',
  '/app/tabs/reports',
];

/** The PQR back office: inbox, report and calendar; one PQR. */
const PQR_ROUTES = ['/admin/pqr', '/admin/pqr/:radicado'];

/** Pickup requests: one request of mine or of my point; the branch invitation landing. */
const REQUEST_ROUTES = ['/app/tabs/request/:id', '/app/tabs/prequest/:id', '/auth/branch-invitation'];

/** Incident reports: one report (or `new`), the "¿Se resolvió?" landing of the e-mail link. */
const REPORT_ROUTES = ['/app/tabs/reports/:number', '/reports/follow-up'];

/** Routes beyond the spec's table: the e-mail verification landing and the data-policy page (identity). */
const IDENTITY_EXTRA_ROUTES = ['/auth/verify-email', '/data-policy'];

/** The back office: staff screens, not in the spec. */
const BACK_OFFICE_ROUTES = ['/admin', '/admin/:section'];
/** Public verification of a recycling certificate (its QR opens it). */
const CERTIFICATE_ROUTES = ['/verificar/:code'];

/** Organisations of recicladores: the coordinator's screens, a member's id card, the card's public check. */
const RECYCLER_ROUTES = [
  '/app/tabs/recyclers/:id',
  '/app/tabs/recyclers/:id/members/:memberId/card',
  '/app/tabs/mis-pesajes',
  '/app/tabs/mi-ruta',
  '/verificar-reciclador/:code',
];

/** The notification centre (the toolbar bell opens it). */
const NOTIFICATION_ROUTES = ['/notifications'];

/** The accessibility statement public entities publish (MinTIC, Resolución 1519 de 2020). */
const STATEMENT_ROUTES = ['/accesibilidad'];

/** Rewards: my points and the allies' offers (from Mi Perfil and Aliados), the ally's counter. */
const REWARDS_ROUTES = ['/recompensas', '/recompensas/aliado'];

const pageFiles = Object.keys(import.meta.glob('../pages/*.page.tsx'));

describe('route table', () => {
  it('has exactly the spec routes', () => {
    expect(routeTable.routes.map((route) => route.path).sort()).toEqual(
      [
        ...SPEC_ROUTES,
        ...IDENTITY_EXTRA_ROUTES,
        ...PQR_ROUTES,
        ...BACK_OFFICE_ROUTES,
        ...REQUEST_ROUTES,
        ...CERTIFICATE_ROUTES,
        ...REPORT_ROUTES,
        ...NOTIFICATION_ROUTES,
        ...STATEMENT_ROUTES,
        ...REWARDS_ROUTES,
        ...RECYCLER_ROUTES,
      ].sort(),
    );
  });

  it('names an existing page file for every route', () => {
    for (const { page } of routeTable.routes) expect(pageFiles).toContain(`../pages/${page}.page.tsx`);
  });

  it('has no page file without a route', () => {
    const pages = new Set(routeTable.routes.map((route) => `../pages/${route.page}.page.tsx`));
    expect(pageFiles.filter((file) => !pages.has(file))).toEqual([]);
  });
});
