/**
 * The expected authorization table of the API: for every route of the OpenAPI document, the
 * callers that get past authorization. Objects in the URLs belong to the A side: household A's
 * request (to point X), PQR, file, notification, session and device; company A's branch;
 * point X run by manager X. Everyone not listed must be refused (401 without a session;
 * 403 or 404 with one). A new route needs a row here, or authorization-matrix.test.ts fails.
 */
export const ROLES = [
  'anonymous',
  'householdA',
  'householdB',
  'companyA',
  'companyB',
  'branchA',
  'managerX',
  'managerY',
  'staff',
] as const;
export type Role = (typeof ROLES)[number];

const ALL: Role[] = [...ROLES];
const SIGNED_IN: Role[] = ROLES.filter((r) => r !== 'anonymous');
const STAFF: Role[] = ['staff'];
const MANAGERS: Role[] = ['managerX', 'managerY', 'staff'];
const POINT_X: Role[] = ['managerX', 'staff'];
const HOUSEHOLD_A: Role[] = ['householdA'];
const COMPANY_HEADS: Role[] = ['companyA', 'companyB'];
const COMPANY_A: Role[] = ['companyA'];
/** Households and companies (heads and branches) ask for pickups; staff accounts are households. */
const REQUESTERS: Role[] = ['householdA', 'householdB', 'companyA', 'companyB', 'branchA', 'staff'];
/** Certificates: households (staff accounts are households) and company heads, not branches or managers. */
const CERTIFICATE_HOLDERS: Role[] = ['householdA', 'householdB', 'companyA', 'companyB', 'staff'];

export const EXPECTED: Record<string, Role[]> = {
  'GET /back/api/health': ALL,
  'GET /back/api/health/ready': ALL,
  // Only Prometheus, with METRICS_TOKEN (unset here): 404 to every caller.
  'GET /back/api/metrics': [],
  'GET /back/api/v1/config': ALL,
  'POST /back/api/clientes/registro': ALL,
  'POST /back/api/clientes/login': ALL,
  'POST /back/api/clientes/forgotpassword': ALL,
  // ?id= household A: the user themself and staff (a company head sees only its branches).
  'GET /back/api/clientes/lista': ['householdA', 'staff'],
  'POST /back/api/v1/auth/refresh': ALL,
  'POST /back/api/v1/auth/logout': ALL,
  'POST /back/api/v1/auth/reset-password': ALL,
  'POST /back/api/v1/auth/verify-email': ALL,
  'POST /back/api/v1/auth/verify-email/resend': SIGNED_IN,
  'GET /back/api/v1/me': SIGNED_IN,
  'PATCH /back/api/v1/me': SIGNED_IN,
  'DELETE /back/api/v1/me': SIGNED_IN,
  'POST /back/api/v1/me/email': SIGNED_IN,
  'POST /back/api/v1/me/password': SIGNED_IN,
  'GET /back/api/v1/me/sessions': SIGNED_IN,
  'DELETE /back/api/v1/me/sessions/{id}': HOUSEHOLD_A,
  'GET /back/api/v1/me/devices': SIGNED_IN,
  'DELETE /back/api/v1/me/devices/{id}': HOUSEHOLD_A,
  'GET /back/api/v1/me/export': SIGNED_IN,
  'GET /back/api/v1/auth/social/providers': ALL,
  'GET /back/api/v1/auth/social/{provider}/start': ALL,
  'GET /back/api/v1/auth/social/{provider}/callback': ALL,
  'POST /back/api/v1/auth/social/{provider}/callback': ALL,
  'POST /back/api/v1/auth/social/session': ALL,
  'POST /back/api/v1/auth/social/native/session': ALL,
  'POST /back/api/v1/auth/social/ticket': ALL,
  'POST /back/api/v1/auth/social/complete': ALL,
  'GET /back/api/v1/materials': ALL,
  'GET /back/api/v1/points': ALL,
  'GET /back/api/v1/points/clusters': ALL,
  'GET /back/api/v1/points/near': ALL,
  'GET /back/api/v1/points.geojson': ALL,
  'GET /back/api/v1/points/mine': MANAGERS,
  'GET /back/api/v1/points/{id}': ALL,
  'GET /back/api/v1/points/{id}/containers': POINT_X,
  'PATCH /back/api/v1/points/{id}/containers/{containerId}': POINT_X,
  'POST /back/api/v1/points/{id}/containers/{containerId}/emptyings': POINT_X,
  'GET /back/api/v1/points/{id}/containers/{containerId}/readings': POINT_X,
  'POST /back/api/v1/files': SIGNED_IN,
  // Household A's private photo: its owner and staff (anonymous: 404, files are also public).
  'GET /back/api/v1/files/{id}': ['householdA', 'staff'],
  // One of its responsive variants: the same rules as the file.
  'GET /back/api/v1/files/{id}/{variant}': ['householdA', 'staff'],
  'GET /back/api/v1/admin/campaigns': STAFF,
  'POST /back/api/v1/admin/campaigns': STAFF,
  'GET /back/api/v1/admin/campaigns/{id}': STAFF,
  'PUT /back/api/v1/admin/campaigns/{id}': STAFF,
  'DELETE /back/api/v1/admin/campaigns/{id}': STAFF,
  'GET /back/api/v1/admin/campaigns/{id}/participants': STAFF,
  'GET /back/api/v1/admin/allies': STAFF,
  'POST /back/api/v1/admin/allies': STAFF,
  'GET /back/api/v1/admin/allies/{id}': STAFF,
  'PUT /back/api/v1/admin/allies/{id}': STAFF,
  'DELETE /back/api/v1/admin/allies/{id}': STAFF,
  'GET /back/api/v1/admin/allies/{id}/points-of-sale': STAFF,
  'POST /back/api/v1/admin/allies/{id}/points-of-sale': STAFF,
  'PUT /back/api/v1/admin/allies/{id}/points-of-sale/{pointOfSaleId}': STAFF,
  'DELETE /back/api/v1/admin/allies/{id}/points-of-sale/{pointOfSaleId}': STAFF,
  'GET /back/api/v1/admin/faq': STAFF,
  'POST /back/api/v1/admin/faq': STAFF,
  'PUT /back/api/v1/admin/faq/{id}': STAFF,
  'DELETE /back/api/v1/admin/faq/{id}': STAFF,
  'GET /back/api/v1/admin/content/about': STAFF,
  'PUT /back/api/v1/admin/content/about': STAFF,
  'GET /back/api/v1/admin/users': STAFF,
  'GET /back/api/v1/admin/users/{id}': STAFF,
  'PATCH /back/api/v1/admin/users/{id}': STAFF,
  'POST /back/api/v1/admin/users/managers': STAFF,
  'POST /back/api/v1/admin/users/{id}/resend-verification': STAFF,
  'GET /back/api/v1/admin/points': STAFF,
  'POST /back/api/v1/admin/points': STAFF,
  'GET /back/api/v1/admin/points/{id}': STAFF,
  'PUT /back/api/v1/admin/points/{id}': STAFF,
  'PUT /back/api/v1/admin/points/{id}/managers': STAFF,
  'GET /back/api/v1/admin/points/{id}/containers': STAFF,
  'POST /back/api/v1/admin/points/{id}/containers': STAFF,
  'PUT /back/api/v1/admin/points/{id}/containers/{containerId}': STAFF,
  'DELETE /back/api/v1/admin/points/{id}/containers/{containerId}': STAFF,
  'GET /back/api/v1/admin/materials': STAFF,
  'POST /back/api/v1/admin/materials': STAFF,
  'GET /back/api/v1/admin/materials/{code}': STAFF,
  'PUT /back/api/v1/admin/materials/{code}': STAFF,
  'PATCH /back/api/v1/admin/materials/{code}': STAFF,
  'GET /back/api/v1/admin/audit': STAFF,
  'GET /back/api/v1/content/faq': ALL,
  'GET /back/api/v1/content/about': ALL,
  'GET /back/api/v1/allies': ALL,
  'GET /back/api/v1/allies/{id}': ALL,
  'GET /back/api/v1/allies/{id}/points-of-sale': ALL,
  // Only an ally's own staff (none of the roles here).
  'GET /back/api/v1/allies/mine/points-of-sale': [],
  'POST /back/api/v1/allies/mine/points-of-sale': [],
  'PUT /back/api/v1/allies/mine/points-of-sale/{pointOfSaleId}': [],
  'DELETE /back/api/v1/allies/mine/points-of-sale/{pointOfSaleId}': [],
  'GET /back/api/v1/campaigns': ALL,
  'GET /back/api/v1/campaigns/{id}': ALL,
  'GET /back/api/v1/campaigns/{id}/calendar.ics': ALL,
  'POST /back/api/v1/campaigns/{id}/join': SIGNED_IN,
  'DELETE /back/api/v1/campaigns/{id}/join': SIGNED_IN,
  'GET /back/api/v1/campaigns/organised': SIGNED_IN,
  // The demo campaign is organised by an ally: only that ally's staff, none of these roles
  // (routes/rewards/rewards-campaigns-companies.test.ts covers the organiser and staff's own campaigns).
  'GET /back/api/v1/campaigns/{id}/attendance': [],
  'POST /back/api/v1/campaigns/{id}/attendance': [],
  'POST /back/api/v1/pqr': ALL,
  'GET /back/api/v1/pqr/track': ALL,
  'POST /back/api/v1/pqr/track/information': ALL,
  'GET /back/api/v1/pqr/due-date': ALL,
  'GET /back/api/v1/pqr/mine': SIGNED_IN,
  'POST /back/api/v1/pqr/attachments': ALL,
  'GET /back/api/v1/admin/pqr': STAFF,
  'GET /back/api/v1/admin/pqr/staff': STAFF,
  'GET /back/api/v1/admin/pqr/report': STAFF,
  'GET /back/api/v1/admin/pqr/report.csv': STAFF,
  'GET /back/api/v1/admin/pqr-calendar': STAFF,
  'PUT /back/api/v1/admin/pqr-calendar': STAFF,
  'DELETE /back/api/v1/admin/pqr-calendar/{date}': STAFF,
  'GET /back/api/v1/admin/pqr/{radicado}': STAFF,
  'POST /back/api/v1/admin/pqr/{radicado}/assign': STAFF,
  'POST /back/api/v1/admin/pqr/{radicado}/notes': STAFF,
  'POST /back/api/v1/admin/pqr/{radicado}/status': STAFF,
  'POST /back/api/v1/admin/pqr/{radicado}/answer': STAFF,
  'POST /back/api/v1/admin/pqr/{radicado}/extension': STAFF,
  'POST /back/api/v1/admin/pqr/{radicado}/transfer': STAFF,
  'POST /back/api/v1/events/ticket': SIGNED_IN,
  // The live-updates stream: a bearer, or a one-time ticket in the query.
  'GET /back/api/v1/events': SIGNED_IN,
  'GET /back/api/v1/notifications': SIGNED_IN,
  'POST /back/api/v1/notifications/{id}/read': HOUSEHOLD_A,
  'POST /back/api/v1/notifications/read-all': SIGNED_IN,
  'POST /back/api/v1/requests': REQUESTERS,
  'GET /back/api/v1/requests': SIGNED_IN,
  'GET /back/api/v1/requests/calendar': ALL,
  'GET /back/api/v1/requests/suggested-points': SIGNED_IN,
  // Household A's request to point X: its requester, point X's manager and staff.
  'GET /back/api/v1/requests/{id}': ['householdA', 'managerX', 'staff'],
  'POST /back/api/v1/requests/{id}/status': ['householdA', 'managerX', 'staff'],
  'GET /back/api/v1/branches': COMPANY_HEADS,
  'POST /back/api/v1/branches': COMPANY_HEADS,
  'GET /back/api/v1/branches/{id}': COMPANY_A,
  'PATCH /back/api/v1/branches/{id}': COMPANY_A,
  'POST /back/api/v1/branches/{id}/invitation': COMPANY_A,
  'POST /back/api/v1/branches/invitations/preview': ALL,
  'POST /back/api/v1/branches/invitations/accept': ALL,
  // Incident reports: public list, duplicates and page (no personal data); filing, following and
  // reopening need an account (reopening by anyone but the reporter is a 409 rule, after the body).
  'GET /back/api/v1/reports': ALL,
  'GET /back/api/v1/reports/duplicates': ALL,
  'GET /back/api/v1/reports/point-match': ALL,
  'GET /back/api/v1/reports/map': ALL,
  'GET /back/api/v1/reports/categories': ALL,
  'GET /back/api/v1/reports/{number}': ALL,
  'POST /back/api/v1/reports': SIGNED_IN,
  'POST /back/api/v1/reports/{number}/follow': SIGNED_IN,
  'DELETE /back/api/v1/reports/{number}/follow': SIGNED_IN,
  'POST /back/api/v1/reports/{number}/reopen': SIGNED_IN,
  // «¿Se resolvió?»: the e-mail's signed token without a session, or the reporter's session.
  'POST /back/api/v1/reports/{number}/follow-up': ALL,
  // Handling: managers and staff; household A's report is about point X (manager X and staff).
  'GET /back/api/v1/handling/reports': MANAGERS,
  'POST /back/api/v1/handling/reports/bulk-status': MANAGERS,
  'GET /back/api/v1/handling/reports/{number}': POINT_X,
  'POST /back/api/v1/handling/reports/{number}/status': POINT_X,
  'POST /back/api/v1/handling/reports/{number}/notes': POINT_X,
  'POST /back/api/v1/handling/reports/{number}/assign': POINT_X,
  'POST /back/api/v1/handling/reports/{number}/photo-visibility': STAFF,
  'GET /back/api/v1/admin/open311-keys': STAFF,
  'POST /back/api/v1/admin/open311-keys': STAFF,
  'DELETE /back/api/v1/admin/open311-keys/{id}': STAFF,
  // Open311 GeoReport v2: public reads; filing takes an api_key, never a session.
  'GET /back/api/open311/v2/discovery.{format}': ALL,
  'GET /back/api/open311/v2/services.{format}': ALL,
  'GET /back/api/open311/v2/services/{service_code}.{format}': ALL,
  'GET /back/api/open311/v2/requests.{format}': ALL,
  'GET /back/api/open311/v2/requests/{service_request_id}.{format}': ALL,
  'POST /back/api/open311/v2/requests.{format}': [],
  'GET /back/api/v1/admin/report-categories': STAFF,
  'POST /back/api/v1/admin/report-categories': STAFF,
  'POST /back/api/v1/admin/report-categories/order': STAFF,
  'PUT /back/api/v1/admin/report-categories/{code}': STAFF,
  // Statistics: "mis cifras" for every kind of account; the scheme's impact and factors are public.
  'GET /back/api/v1/statistics/me': SIGNED_IN,
  'GET /back/api/v1/statistics/impact': ALL,
  'GET /back/api/v1/statistics/factors': ALL,
  'GET /back/api/v1/admin/statistics': STAFF,
  'GET /back/api/v1/admin/statistics/month': STAFF,
  'PATCH /back/api/v1/admin/impact-factors/{code}': STAFF,
  'GET /back/api/v1/admin/dashboard': STAFF,
  // Certificates: household A's certificate is downloaded by household A and staff (others 404).
  'POST /back/api/v1/certificates': CERTIFICATE_HOLDERS,
  'GET /back/api/v1/certificates': SIGNED_IN,
  'GET /back/api/v1/certificate-verifications/{code}': ALL,
  'GET /back/api/v1/certificates/{number}/pdf': ['householdA', 'staff'],
  'GET /back/api/v1/admin/certificates': STAFF,
  'POST /back/api/v1/admin/certificates/{number}/annul': STAFF,
  // Push: registering a device works with or without a session; the VAPID key and the click
  // report (a signed token) are public; preferences are the caller's own.
  'POST /back/api/register-notifications': ALL,
  'POST /back/api/get-notifications-by-user': SIGNED_IN,
  'POST /back/api/get-notifications': STAFF,
  'GET /back/api/v1/notifications/push-key': ALL,
  'POST /back/api/v1/notifications/push-click': ALL,
  'GET /back/api/v1/notifications/preferences': SIGNED_IN,
  'PUT /back/api/v1/notifications/preferences': SIGNED_IN,
  'POST /back/api/v1/admin/broadcasts': STAFF,
  'GET /back/api/v1/admin/broadcasts/audience': STAFF,
  'GET /back/api/v1/admin/broadcasts/{id}': STAFF,
  'POST /back/api/v1/admin/broadcasts/{id}/cancel': STAFF,
  // Phone verification: the caller's own phone.
  'POST /back/api/v1/me/phone/verification': SIGNED_IN,
  'POST /back/api/v1/me/phone/verification/confirm': SIGNED_IN,
  'GET /back/api/v1/admin/settings/pickups': STAFF,
  'PUT /back/api/v1/admin/settings/pickups': STAFF,
  'GET /back/api/v1/admin/settings/reports': STAFF,
  'PUT /back/api/v1/admin/settings/reports': STAFF,
  'GET /back/api/v1/admin/settings/branding': STAFF,
  'PUT /back/api/v1/admin/settings/branding': STAFF,
  // ¿Dónde reciclo?: the public dictionary.
  'GET /back/api/v1/materials/search': ALL,
  'GET /back/api/v1/geocoding/search': SIGNED_IN,
  'GET /back/api/v1/geocoding/reverse': SIGNED_IN,
  // Webhooks: staff only (an endpoint on a public address, with a delivery of A's report).
  'GET /back/api/v1/admin/webhooks': STAFF,
  'POST /back/api/v1/admin/webhooks': STAFF,
  'GET /back/api/v1/admin/webhooks/{id}': STAFF,
  'PATCH /back/api/v1/admin/webhooks/{id}': STAFF,
  'DELETE /back/api/v1/admin/webhooks/{id}': STAFF,
  'POST /back/api/v1/admin/webhooks/{id}/rotate-secret': STAFF,
  'GET /back/api/v1/admin/webhooks/{id}/deliveries': STAFF,
  'POST /back/api/v1/admin/webhooks/{id}/deliveries/{deliveryId}/resend': STAFF,
  // Rewards: offers are public; balance, ledger and redemptions belong to the signed-in account.
  'GET /back/api/v1/rewards/offers': ALL,
  'GET /back/api/v1/rewards/balance': SIGNED_IN,
  'GET /back/api/v1/rewards/ledger': SIGNED_IN,
  'GET /back/api/v1/rewards/redemptions': SIGNED_IN,
  'POST /back/api/v1/rewards/redemptions': SIGNED_IN,
  'PUT /back/api/v1/rewards/company': COMPANY_HEADS,
  // The ally's counter: only accounts staff made an ally's staff, none of the callers here
  // (routes/rewards/rewards.test.ts covers the ally's staff).
  'GET /back/api/v1/rewards/ally': [],
  'POST /back/api/v1/rewards/redemptions/{code}/confirm': [],
  'GET /back/api/v1/rewards/ally/redemptions': [],
  'GET /back/api/v1/rewards/ally/offers': [],
  'POST /back/api/v1/rewards/ally/offers': [],
  'PUT /back/api/v1/rewards/ally/offers/{id}': [],
  'GET /back/api/v1/admin/rewards/rates': STAFF,
  'POST /back/api/v1/admin/rewards/rates': STAFF,
  'GET /back/api/v1/admin/rewards/offers': STAFF,
  'POST /back/api/v1/admin/rewards/offers': STAFF,
  'POST /back/api/v1/admin/rewards/offers/{id}/review': STAFF,
  'GET /back/api/v1/admin/rewards/holds': STAFF,
  'POST /back/api/v1/admin/rewards/holds/{id}/review': STAFF,
  'POST /back/api/v1/admin/rewards/adjustments': STAFF,
  'GET /back/api/v1/admin/rewards/figures': STAFF,
  'GET /back/api/v1/admin/rewards/settings': STAFF,
  'PUT /back/api/v1/admin/rewards/settings': STAFF,
  'PUT /back/api/v1/admin/rewards/ally-staff': STAFF,
  // Organisations of recicladores: the demo one is coordinated by manager X (gestor@demo), who runs
  // its ECA (point X); manager Y coordinates none. Anyone checks an id card by its code.
  'GET /back/api/v1/recycler-verifications/{code}': ALL,
  'GET /back/api/v1/recyclers/organizations': MANAGERS,
  'GET /back/api/v1/recyclers/organizations/{id}': POINT_X,
  'PATCH /back/api/v1/recyclers/organizations/{id}': POINT_X,
  'POST /back/api/v1/recyclers/organizations/{id}/service-areas': POINT_X,
  // The demo area is in use (its ECA and macro-route): 409 to those allowed, nothing deleted.
  'DELETE /back/api/v1/recyclers/organizations/{id}/service-areas/{areaId}': POINT_X,
  'POST /back/api/v1/recyclers/organizations/{id}/ecas': POINT_X,
  'PUT /back/api/v1/recyclers/organizations/{id}/ecas/{pointId}': POINT_X,
  'POST /back/api/v1/recyclers/organizations/{id}/macro-routes': POINT_X,
  'PUT /back/api/v1/recyclers/organizations/{id}/macro-routes/{macroId}': POINT_X,
  'POST /back/api/v1/recyclers/organizations/{id}/macro-routes/{macroId}/micro-routes': POINT_X,
  'PUT /back/api/v1/recyclers/organizations/{id}/macro-routes/{macroId}/micro-routes/{microId}': POINT_X,
  'GET /back/api/v1/recyclers/organizations/{id}/members': POINT_X,
  'POST /back/api/v1/recyclers/organizations/{id}/members': POINT_X,
  'GET /back/api/v1/recyclers/organizations/{id}/members/{memberId}': POINT_X,
  'PATCH /back/api/v1/recyclers/organizations/{id}/members/{memberId}': POINT_X,
  'GET /back/api/v1/recyclers/organizations/{id}/members/{memberId}/card': POINT_X,
  'GET /back/api/v1/recyclers/organizations/{id}/members/{memberId}/card.pdf': POINT_X,
  'POST /back/api/v1/recyclers/organizations/{id}/members/{memberId}/card/reissue': POINT_X,
  'GET /back/api/v1/recyclers/organizations/{id}/scales': POINT_X,
  'POST /back/api/v1/recyclers/organizations/{id}/ecas/{pointId}/scales': POINT_X,
  'PUT /back/api/v1/recyclers/organizations/{id}/scales/{scaleId}': POINT_X,
  'DELETE /back/api/v1/recyclers/organizations/{id}/scales/{scaleId}': POINT_X,
  'GET /back/api/v1/recyclers/organizations/{id}/tickets': POINT_X,
  'POST /back/api/v1/recyclers/organizations/{id}/tickets': POINT_X,
  'GET /back/api/v1/recyclers/organizations/{id}/tickets/{ticketId}': POINT_X,
  'POST /back/api/v1/recyclers/organizations/{id}/tickets/{ticketId}/signature': POINT_X,
  'GET /back/api/v1/recyclers/organizations/{id}/tickets/{ticketId}/pdf': POINT_X,
  'GET /back/api/v1/recyclers/organizations/{id}/stock': POINT_X,
  'GET /back/api/v1/recyclers/organizations/{id}/sales': POINT_X,
  'POST /back/api/v1/recyclers/organizations/{id}/sales': POINT_X,
  'GET /back/api/v1/recyclers/organizations/{id}/dashboard': POINT_X,
  'POST /back/api/v1/recyclers/organizations/{id}/payouts': POINT_X,
  // The SUI filing of the organisation in ?organization_id= (the demo one, run by manager X).
  'GET /back/api/v1/sui/balance-masas.csv': POINT_X,
  'GET /back/api/v1/sui/toneladas-aprovechadas.csv': POINT_X,
  'GET /back/api/v1/sui/relacion-miembros.csv': POINT_X,
  'GET /back/api/v1/sui/registro-eca.csv': POINT_X,
  'GET /back/api/v1/sui/registro-macrorutas.csv': POINT_X,
  'GET /back/api/v1/sui/preflight': POINT_X,
  'GET /back/api/v1/sui/filings': POINT_X,
  'POST /back/api/v1/sui/filings': POINT_X,
  'GET /back/api/v1/sui/settings': POINT_X,
  'PUT /back/api/v1/sui/settings': POINT_X,
  'GET /back/api/v1/sui/material-codes': MANAGERS,
  'POST /back/api/v1/sui/material-codes': STAFF,
  'PUT /back/api/v1/sui/material-codes/map/{material}': STAFF,
  // Everyone sees their own (empty unless they are a member with an account).
  'GET /back/api/v1/recyclers/me/weighings': SIGNED_IN,
  // The demo recicladora's ticket: only her account (not among these roles) may confirm or read it.
  'POST /back/api/v1/recyclers/me/tickets/{ticketId}/confirm': [],
  'GET /back/api/v1/recyclers/me/tickets/{ticketId}/pdf': [],
  // Recyclers' routes: the coordinator's day and assignments; each member's own route and open
  // list (empty for these roles, none of whom is a member); who comes for household A's request.
  'GET /back/api/v1/recyclers/organizations/{id}/pickups': POINT_X,
  'POST /back/api/v1/recyclers/organizations/{id}/assignments': POINT_X,
  'PUT /back/api/v1/recyclers/organizations/{id}/members/{memberId}/micro-routes': POINT_X,
  'GET /back/api/v1/recyclers/me/route': SIGNED_IN,
  'GET /back/api/v1/recyclers/me/open-pickups': SIGNED_IN,
  // Household A's request is nobody's stop here: no role takes or marks it.
  'POST /back/api/v1/recyclers/me/open-pickups/{requestId}/take': [],
  'POST /back/api/v1/recyclers/me/stops/{requestId}/outcome': [],
  'GET /back/api/v1/recyclers/pickups/{requestId}/recycler': ['householdA', 'managerX', 'staff'],
  'POST /back/api/v1/admin/recyclers/organizations': STAFF,
  'POST /back/api/v1/admin/recyclers/organizations/{id}/coordinators': STAFF,
  // Deletions run in this order, after every other route: the ECA leaves, then the coordinator.
  'DELETE /back/api/v1/admin/recyclers/organizations/{id}/ecas/{pointId}': STAFF,
  'DELETE /back/api/v1/admin/recyclers/organizations/{id}/coordinators/{userId}': STAFF,
};

/**
 * Refused callers that get past today: the change that closes the finding removes the entry.
 * Empty: per-object and per-kind checks (a point's containers, a request's status, a report's
 * handling, who asks for pickups) run before the body is validated, so refused callers get
 * 403/404 and never the body's 400.
 */
export const KNOWN_FAILURES: Record<string, { roles: Role[]; finding: string }> = {};

/**
 * Public routes that answer 404 (not 401) to an anonymous caller for an object it may not see;
 * and the metrics, which answer 404 to anyone without METRICS_TOKEN.
 */
export const ANONYMOUS_NOT_FOUND = new Set([
  'GET /back/api/v1/files/{id}',
  'GET /back/api/v1/files/{id}/{variant}',
  'GET /back/api/metrics',
]);
/** Routes that take an API key instead of a session: 403 without one, whoever calls. */
export const API_KEY_ONLY = new Set(['POST /back/api/open311/v2/requests.{format}']);
