import {
  DEMO_PASSWORD,
  dataOf,
  ZCampaignAttendanceConfirm,
  ZCampaignAttendanceResult,
  ZCompanyRewardsSetting,
  ZCompanyRewardsSettingResponse,
  ZAdjustmentCreate,
  ZAllyStaffAssign,
  ZAllyStaffResponse,
  ZAllyPointOfSale,
  ZAllyPointOfSaleInput,
  ZHoldReview,
  ZLedgerEntryResponse,
  ZOfferReview,
  ZRedemptionCreate,
  ZRedemptionWithQrResponse,
  ZRewardHoldResponse,
  ZRewardOfferCreate,
  ZRewardOfferResponse,
  ZRewardRateCreate,
  ZRewardRateResponse,
  ZRewardSettings,
  ZRewardSettingsResponse,
  ZCreateBranchRequest,
  ZCreatePqrRequest,
  ZCreatePqrResponse,
  ZCreateRequestRequest,
  ZEmptyingRequest,
  ZForgotPasswordRequest,
  ZForgotPasswordResponse,
  ZLoginRequest,
  ZMeResponse,
  ZPickupRequestResponse,
  ZPqrCalendarDay,
  ZPqrCalendarListResponse,
  ZSessionUserResponse,
  ZSignupRequest,
  ZUpdateContainerRequest,
  ZUpdateProfileRequest,
  ZBranchResponse,
  ZContainerResponse,
  ZCreateReportRequest,
  ZReportResponse,
  ZReportSettingsRequest,
  ZReportSettingsResponse,
  ZCreateCertificateRequest,
  ZCertificateResponse,
  ZRegisterNotificationsRequest,
  ZRegisterNotificationsResponse,
  ZSendPhoneCodeRequest,
  ZSendPhoneCodeResponse,
  ZConfirmPhoneCodeRequest,
  ZConfirmPhoneCodeResponse,
  ZWebhookEndpointCreate,
  ZWebhookEndpointResponse,
  ZWebhookEndpointUpdate,
  ZWebhookEndpointWithSecretResponse,
  ZWebhookRotateSecret,
  ZSaleCreate,
  ZSaleResponse,
  ZSuiSettings,
  ZSuiSettingsResponse,
  ZPayoutCreate,
  ZPayoutResponse,
  ZScaleCreate,
  ZScaleResponse,
  ZTicketCreate,
  ZTicketResponse,
  ZStopAssign,
  ZStopRetry,
  ZOrganizationPickupResponse,
} from '@puntoverde/contract';
import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { seedDemo } from '../src/demo-seed.js';
import { DEMO_ROUTE_NOTE } from '../src/features/recyclers/route.seed.js';
import { assignAllyStaff } from '../src/features/rewards/rewards.service.js';
import { buildTestApp, type TestApp } from './helper.js';
import { randomIp } from './factories/http.js';
import { validPqr } from './factories/pqr.js';
import { reportBody } from './factories/reports.js';
import { requestBody } from './factories/requests.js';
import { createUser, householdSignup, loginAs } from './factories/users.js';

/**
 * Generated bad input through every write route below (fast-check mutations of a valid body:
 * fields dropped, replaced by other types, overlong, with control characters, huge or odd
 * numbers, unknown fields, nested too). The contract's zod schema is the oracle:
 *   - never a 5xx;
 *   - a body the schema refuses → 400 whose `fields` names one of the refused paths;
 *   - a 2xx body is valid against the route's response schema;
 *   - a 4xx writes nothing (the row count of every table is the same before and after).
 * FUZZ_RUNS cases per route (50 in `npm test`, on each database, a new seed for each: 100 new bodies per route in every run;
 * `npm run bench -- fuzz` runs 1,000 on SQLite
 * and PostgreSQL). FUZZ_SEED replays a run.
 */

const RUNS = Number(process.env.FUZZ_RUNS ?? 50);
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined;

type Who = 'anonymous' | 'household' | 'householdB' | 'company' | 'manager' | 'staff' | 'ally';
type WriteRoute = {
  method: 'POST' | 'PUT' | 'PATCH';
  url: () => string;
  who: Who;
  body: z.ZodType;
  response: z.ZodType;
  valid: () => object;
};

let t: TestApp;
const headers = new Map<Who, Record<string, string>>();
const ids = {
  point: 0,
  container: 0,
  webhook: 0,
  ally: 0,
  offer: 0,
  allyOffer: 0,
  hold: 0,
  campaign: 0,
  attendee: 0,
  organization: 0,
  eca: 0,
  scale: 0,
  member: 0,
  pickup: 0,
  missedPickup: 0,
  sale: 0,
  saleInvoice: '',
};
let tables: string[] = [];
const stats = { cases: 0, invalid: 0, ok2xx: 0, other4xx: 0, server5xx: 0 };
const ROUTES: Record<string, WriteRoute> = {
  // The demo organisation of recicladores: its ECA, its scale in use and a member.
  'POST /back/api/v1/recyclers/organizations/{id}/ecas/{pointId}/scales': {
    method: 'POST',
    url: () => `/back/api/v1/recyclers/organizations/${ids.organization}/ecas/${ids.eca}/scales`,
    who: 'manager',
    body: ZScaleCreate,
    response: ZScaleResponse,
    valid: () => ({
      serial: `FUZZ-${Math.random().toString(36).slice(2, 10)}`,
      capacity_kg: '1.500,5',
      division_g: 100,
      certificate_number: 'SIC-FUZZ-1',
      certificate_expires_on: '2099-12-31',
      active: false,
    }),
  },
  'POST /back/api/v1/recyclers/organizations/{id}/tickets': {
    method: 'POST',
    url: () => `/back/api/v1/recyclers/organizations/${ids.organization}/tickets`,
    who: 'manager',
    body: ZTicketCreate,
    response: ZTicketResponse,
    valid: () => ({
      eca_point_id: ids.eca,
      scale_id: ids.scale,
      member_id: ids.member,
      macro_route_id: null,
      lines: [{ material: 'carton', gross_kg: '12,5', tare_kg: '1,5', net_kg: '11', reject_kg: '0,5' }],
    }),
  },
  'POST /back/api/v1/recyclers/organizations/{id}/sales': {
    method: 'POST',
    url: () => `/back/api/v1/recyclers/organizations/${ids.organization}/sales`,
    who: 'manager',
    body: ZSaleCreate,
    response: ZSaleResponse,
    valid: () => ({
      eca_point_id: ids.eca,
      buyer_id_type: 'NIT',
      buyer_id_number: '800.197.268-4',
      buyer_name: 'Comercializadora de prueba',
      invoice_number: `FE-${Math.random().toString(36).slice(2, 10)}`,
      invoice_date: daysAgo(1),
      cufe: 'b'.repeat(96),
      lines: [{ material: 'carton', kg: '0,5', price_per_kg: '450', vat_rate: 0 }],
    }),
  },
  // A sale recorded for the suite, corrected: its own kilos count as stock, so it may pass again.
  'PUT /back/api/v1/recyclers/organizations/{id}/sales/{saleId}': {
    method: 'PUT',
    url: () => `/back/api/v1/recyclers/organizations/${ids.organization}/sales/${ids.sale}`,
    who: 'manager',
    body: ZSaleCreate,
    response: ZSaleResponse,
    valid: () => ({
      ...ROUTES['POST /back/api/v1/recyclers/organizations/{id}/sales']!.valid(),
      invoice_number: ids.saleInvoice,
      buyer_name: 'Comercializadora corregida',
    }),
  },
  // The demo organisation's SUI filing settings and a payout to one of its members.
  'PUT /back/api/v1/sui/settings': {
    method: 'PUT',
    url: () => `/back/api/v1/sui/settings?organization_id=${ids.organization}`,
    who: 'manager',
    body: ZSuiSettings,
    response: ZSuiSettingsResponse,
    valid: () => ({ reject_destination: 2, reject_site_number: '5001000077', waste_origin: 3, area: 1 }),
  },
  'POST /back/api/v1/recyclers/organizations/{id}/payouts': {
    method: 'POST',
    url: () => `/back/api/v1/recyclers/organizations/${ids.organization}/payouts`,
    who: 'manager',
    body: ZPayoutCreate,
    response: ZPayoutResponse,
    valid: () => ({ member_id: ids.member, month: '2026-11', amount_cop: 125000.5, note: 'Ventas de noviembre' }),
  },
  // One of the demo day's programmed pickups at the demo ECA, assigned to an active member.
  'POST /back/api/v1/recyclers/organizations/{id}/assignments': {
    method: 'POST',
    url: () => `/back/api/v1/recyclers/organizations/${ids.organization}/assignments`,
    who: 'manager',
    body: ZStopAssign,
    response: ZOrganizationPickupResponse,
    valid: () => ({ request_id: ids.pickup, member_id: ids.member }),
  },
  // One of the demo day's stops, marked «no estaba», sent out again (once: then 409, nothing written).
  'POST /back/api/v1/recyclers/organizations/{id}/pickups/{requestId}/retry': {
    method: 'POST',
    url: () => `/back/api/v1/recyclers/organizations/${ids.organization}/pickups/${ids.missedPickup}/retry`,
    who: 'manager',
    body: ZStopRetry,
    response: ZOrganizationPickupResponse,
    valid: () => ({ member_id: ids.member }),
  },
  'POST /back/api/clientes/registro': {
    method: 'POST',
    url: () => '/back/api/clientes/registro',
    who: 'anonymous',
    body: ZSignupRequest,
    response: ZSessionUserResponse,
    valid: () => ({ data_user: householdSignup({ email: `fuzz-${Math.random().toString(36).slice(2)}@example.co` }) }),
  },
  'POST /back/api/clientes/login': {
    method: 'POST',
    url: () => '/back/api/clientes/login',
    who: 'anonymous',
    body: ZLoginRequest,
    response: ZSessionUserResponse,
    valid: () => ({ username: 'hogar@demo.puntoverde.co', password: DEMO_PASSWORD, playerId: 'fuzz-device' }),
  },
  'POST /back/api/clientes/forgotpassword': {
    method: 'POST',
    url: () => '/back/api/clientes/forgotpassword',
    who: 'anonymous',
    body: ZForgotPasswordRequest,
    response: ZForgotPasswordResponse,
    valid: () => ({ data_user: { email: 'nadie@example.co' } }),
  },
  'PATCH /back/api/v1/me': {
    method: 'PATCH',
    url: () => '/back/api/v1/me',
    who: 'householdB',
    body: ZUpdateProfileRequest,
    response: ZMeResponse,
    valid: () => ({
      first_name: 'Bruno',
      last_name: 'Pérez',
      phone: '300 765 4321',
      city: 'Envigado',
      address: 'Cra 43A # 1-50',
    }),
  },
  'POST /back/api/v1/pqr': {
    method: 'POST',
    url: () => '/back/api/v1/pqr',
    who: 'anonymous',
    body: ZCreatePqrRequest,
    response: ZCreatePqrResponse,
    valid: () => validPqr(),
  },
  'POST /back/api/v1/requests': {
    method: 'POST',
    url: () => '/back/api/v1/requests',
    who: 'household',
    body: ZCreateRequestRequest,
    response: ZPickupRequestResponse,
    valid: () => requestBody(),
  },
  'POST /back/api/v1/branches': {
    method: 'POST',
    url: () => '/back/api/v1/branches',
    who: 'company',
    body: ZCreateBranchRequest,
    response: ZBranchResponse,
    valid: () => ({
      name: 'Sede Envigado',
      phone: '604 444 5566',
      address: 'Calle 38 Sur # 43-20',
      city: 'Envigado',
      contact_name: 'Marta López',
      lat: 6.17,
      lng: -75.59,
      email: `sede-${Math.random().toString(36).slice(2)}@example.co`,
    }),
  },
  'PATCH /back/api/v1/points/{id}/containers/{containerId}': {
    method: 'PATCH',
    url: () => `/back/api/v1/points/${ids.point}/containers/${ids.container}`,
    who: 'manager',
    body: ZUpdateContainerRequest,
    response: ZContainerResponse,
    valid: () => ({ fill_level: 40, status: 'en-servicio' }),
  },
  'POST /back/api/v1/points/{id}/containers/{containerId}/emptyings': {
    method: 'POST',
    url: () => `/back/api/v1/points/${ids.point}/containers/${ids.container}/emptyings`,
    who: 'manager',
    body: ZEmptyingRequest,
    response: ZContainerResponse,
    valid: () => ({ kg: 12.5, fill_level_after: 0 }),
  },
  'PUT /back/api/v1/admin/pqr-calendar': {
    method: 'PUT',
    url: () => '/back/api/v1/admin/pqr-calendar',
    who: 'staff',
    body: ZPqrCalendarDay,
    response: ZPqrCalendarListResponse,
    valid: () => ({ date: '2031-03-03', is_working: false, reason: 'Cierre por inventario' }),
  },
  'PUT /back/api/v1/admin/settings/reports': {
    method: 'PUT',
    url: () => '/back/api/v1/admin/settings/reports',
    who: 'staff',
    body: ZReportSettingsRequest,
    response: ZReportSettingsResponse,
    valid: () => ({ point_match_radius_m: 150 }),
  },
  'POST /back/api/v1/reports': {
    method: 'POST',
    url: () => '/back/api/v1/reports',
    who: 'householdB',
    body: ZCreateReportRequest,
    response: ZReportResponse,
    valid: () => reportBody(),
  },
  'POST /back/api/v1/certificates': {
    method: 'POST',
    url: () => '/back/api/v1/certificates',
    who: 'household',
    body: ZCreateCertificateRequest,
    response: ZCertificateResponse,
    valid: () => ({ from: daysAgo(360), to: daysAgo(0) }),
  },
  'POST /back/api/register-notifications': {
    method: 'POST',
    url: () => '/back/api/register-notifications',
    who: 'anonymous',
    body: ZRegisterNotificationsRequest,
    response: ZRegisterNotificationsResponse,
    valid: () => ({ data: { kind: 'fcm', token: `fuzz-token-${Math.random().toString(36).slice(2)}-0123456789` } }),
  },
  'POST /back/api/v1/me/phone/verification': {
    method: 'POST',
    url: () => '/back/api/v1/me/phone/verification',
    who: 'householdB',
    body: ZSendPhoneCodeRequest,
    response: ZSendPhoneCodeResponse,
    valid: () => ({ phone: '300 765 4321' }),
  },
  'POST /back/api/v1/me/phone/verification/confirm': {
    method: 'POST',
    url: () => '/back/api/v1/me/phone/verification/confirm',
    who: 'householdB',
    body: ZConfirmPhoneCodeRequest,
    response: ZConfirmPhoneCodeResponse,
    valid: () => ({ code: '123456' }),
  },
  // Webhook endpoints: literal public addresses (no DNS in the tests).
  'POST /back/api/v1/admin/webhooks': {
    method: 'POST',
    url: () => '/back/api/v1/admin/webhooks',
    who: 'staff',
    body: ZWebhookEndpointCreate,
    response: ZWebhookEndpointWithSecretResponse,
    valid: () => ({
      url: 'https://93.184.216.34/hooks/puntoverde',
      events: ['report.created', 'pqr.created'],
      description: 'Alcaldía',
      active: true,
    }),
  },
  'PATCH /back/api/v1/admin/webhooks/{id}': {
    method: 'PATCH',
    url: () => `/back/api/v1/admin/webhooks/${ids.webhook}`,
    who: 'staff',
    body: ZWebhookEndpointUpdate,
    response: ZWebhookEndpointResponse,
    valid: () => ({
      url: 'https://93.184.216.35/hooks',
      events: ['certificate.issued'],
      description: 'Otro sistema',
      active: false,
    }),
  },
  'POST /back/api/v1/admin/webhooks/{id}/rotate-secret': {
    method: 'POST',
    url: () => `/back/api/v1/admin/webhooks/${ids.webhook}/rotate-secret`,
    who: 'staff',
    body: ZWebhookRotateSecret,
    response: ZWebhookEndpointWithSecretResponse,
    valid: () => ({ overlap_hours: 12 }),
  },
  // Rewards: household B holds points enough for every accepted case; the offer has stock to spare.
  'POST /back/api/v1/rewards/redemptions': {
    method: 'POST',
    url: () => '/back/api/v1/rewards/redemptions',
    who: 'householdB',
    body: ZRedemptionCreate,
    response: ZRedemptionWithQrResponse,
    valid: () => ({ offer_id: ids.offer }),
  },
  'PUT /back/api/v1/rewards/company': {
    method: 'PUT',
    url: () => '/back/api/v1/rewards/company',
    who: 'company',
    body: ZCompanyRewardsSetting,
    response: ZCompanyRewardsSettingResponse,
    valid: () => ({ points_to: 'branches' }),
  },
  // The ally's staff organise a campaign that is over, with one participant to confirm.
  'POST /back/api/v1/campaigns/{id}/attendance': {
    method: 'POST',
    url: () => `/back/api/v1/campaigns/${ids.campaign}/attendance`,
    who: 'ally',
    body: ZCampaignAttendanceConfirm,
    response: dataOf(ZCampaignAttendanceResult),
    valid: () => ({ user_ids: [ids.attendee] }),
  },
  'POST /back/api/v1/rewards/ally/offers': {
    method: 'POST',
    url: () => '/back/api/v1/rewards/ally/offers',
    who: 'ally',
    body: ZRewardOfferCreate,
    response: ZRewardOfferResponse,
    valid: () => ({
      title: 'Café gratis',
      terms: 'Un café americano por persona, de lunes a viernes.',
      picture_id: null,
      cost_points: 50,
      stock: 20,
      valid_from: daysAgo(-1),
      valid_to: daysAgo(-30),
      per_person_limit: 1,
    }),
  },
  'PUT /back/api/v1/rewards/ally/offers/{id}': {
    method: 'PUT',
    url: () => `/back/api/v1/rewards/ally/offers/${ids.allyOffer}`,
    who: 'ally',
    body: ZRewardOfferCreate,
    response: ZRewardOfferResponse,
    valid: () => ({
      title: 'Café gratis, ahora con pan',
      terms: 'Un café americano y un pan por persona, de lunes a viernes.',
      picture_id: null,
      cost_points: 60,
      stock: 15,
      valid_from: daysAgo(-1),
      valid_to: daysAgo(-30),
      per_person_limit: 1,
    }),
  },
  'POST /back/api/v1/admin/rewards/rates': {
    method: 'POST',
    url: () => '/back/api/v1/admin/rewards/rates',
    who: 'staff',
    body: ZRewardRateCreate,
    response: ZRewardRateResponse,
    valid: () => ({ material: 'pet', points_per_kg: 12, max_kg_per_pickup: 60, effective_from: daysAgo(-2) }),
  },
  'POST /back/api/v1/admin/rewards/offers': {
    method: 'POST',
    url: () => '/back/api/v1/admin/rewards/offers',
    who: 'staff',
    body: ZRewardOfferCreate,
    response: ZRewardOfferResponse,
    valid: () => ({
      ally_id: ids.ally,
      title: 'Bono de descuento',
      terms: 'Diez por ciento en la compra.',
      picture_id: null,
      cost_points: 100,
      stock: 10,
      valid_from: daysAgo(0),
      valid_to: daysAgo(-60),
      per_person_limit: 2,
    }),
  },
  'POST /back/api/v1/admin/rewards/offers/{id}/review': {
    method: 'POST',
    url: () => `/back/api/v1/admin/rewards/offers/${ids.offer}/review`,
    who: 'staff',
    body: ZOfferReview,
    response: ZRewardOfferResponse,
    valid: () => ({ decision: 'approved', note: 'Revisada' }),
  },
  // The first accepted case resolves the hold; later ones answer 409 and write nothing.
  'POST /back/api/v1/admin/rewards/holds/{id}/review': {
    method: 'POST',
    url: () => `/back/api/v1/admin/rewards/holds/${ids.hold}/review`,
    who: 'staff',
    body: ZHoldReview,
    response: ZRewardHoldResponse,
    valid: () => ({ decision: 'rejected', note: 'Kilos no verificables' }),
  },
  'POST /back/api/v1/admin/rewards/adjustments': {
    method: 'POST',
    url: () => '/back/api/v1/admin/rewards/adjustments',
    who: 'staff',
    body: ZAdjustmentCreate,
    response: ZLedgerEntryResponse,
    valid: () => ({ email: 'hogar@demo.puntoverde.co', points: 10, reason: 'Ajuste de prueba' }),
  },
  'PUT /back/api/v1/admin/rewards/settings': {
    method: 'PUT',
    url: () => '/back/api/v1/admin/rewards/settings',
    who: 'staff',
    body: ZRewardSettings,
    response: ZRewardSettingsResponse,
    valid: () => ({ monthly_cap: 4000 }),
  },
  'PUT /back/api/v1/admin/rewards/ally-staff': {
    method: 'PUT',
    url: () => '/back/api/v1/admin/rewards/ally-staff',
    who: 'staff',
    body: ZAllyStaffAssign,
    response: ZAllyStaffResponse,
    valid: () => ({ email: 'sucursal@demo.puntoverde.co', ally_id: ids.ally }),
  },
  'POST /back/api/v1/admin/allies/{id}/points-of-sale': {
    method: 'POST',
    url: () => `/back/api/v1/admin/allies/${ids.ally}/points-of-sale`,
    who: 'staff',
    body: ZAllyPointOfSaleInput,
    response: dataOf(ZAllyPointOfSale),
    valid: () => ({ name: 'Sede Centro', address: 'Calle 10 # 5-20', city: 'Medellín', lat: 6.25, lng: -75.57 }),
  },
  'POST /back/api/v1/allies/mine/points-of-sale': {
    method: 'POST',
    url: () => '/back/api/v1/allies/mine/points-of-sale',
    who: 'ally',
    body: ZAllyPointOfSaleInput,
    response: dataOf(ZAllyPointOfSale),
    valid: () => ({ name: 'Sede Norte', address: 'Carrera 45 # 80-12', city: null, lat: 6.29, lng: -75.56 }),
  },
  // The Open311 POST is form-encoded and authenticated by its api_key field: its own suite
  // (routes/open311) covers its bad input.
};

/** A Bogotá calendar day `n` days before today (YYYY-MM-DD). */
function daysAgo(n: number): string {
  return new Date(Date.now() - 5 * 3_600_000 - n * 86_400_000).toISOString().slice(0, 10);
}

beforeAll(async () => {
  t = await buildTestApp();
  await seedDemo(t.app.db, { log: { info: () => undefined, warn: () => undefined }, config: t.config });
  const demo = (email: string) => loginAs(t.app, { email, password: DEMO_PASSWORD });
  headers.set('anonymous', {});
  headers.set('household', await demo('hogar@demo.puntoverde.co'));
  headers.set('company', await demo('empresa@demo.puntoverde.co'));
  headers.set('manager', await demo('gestor@demo.puntoverde.co'));
  headers.set('staff', await demo('admin@demo.puntoverde.co'));
  const householdB = await createUser(t.app, { tc_id: 2 });
  headers.set('householdB', await loginAs(t.app, householdB));
  const manager = await t.app.db
    .selectFrom('users')
    .select('id')
    .where('email', '=', 'gestor@demo.puntoverde.co')
    .executeTakeFirstOrThrow();
  const point = await t.app.db
    .selectFrom('point_managers')
    .select('point_id')
    .where('user_id', '=', manager.id)
    .orderBy('point_id')
    .executeTakeFirstOrThrow();
  const container = await t.app.db
    .selectFrom('containers')
    .select('id')
    .where('point_id', '=', point.point_id)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  ids.point = point.point_id;
  ids.container = container.id;
  const webhook = await t.app.inject({
    method: 'POST',
    url: '/back/api/v1/admin/webhooks',
    headers: headers.get('staff'),
    payload: { url: 'https://93.184.216.34/hooks', events: ['report.created'] },
  });
  ids.webhook = webhook.json<{ data: { id: number } }>().data.id;
  // Rewards: an ally with its staff account, an approved offer, points for household B, a held pickup.
  ids.ally = (await t.app.db.selectFrom('allies').select('id').orderBy('id').executeTakeFirstOrThrow()).id;
  const allyStaff = await createUser(t.app, { tc_id: 2 });
  await assignAllyStaff(t.app.db, allyStaff.email, ids.ally, null);
  headers.set('ally', await loginAs(t.app, allyStaff));
  const offer = await t.app.inject({
    method: 'POST',
    url: '/back/api/v1/admin/rewards/offers',
    headers: headers.get('staff'),
    payload: {
      ...ROUTES['POST /back/api/v1/admin/rewards/offers']!.valid(),
      stock: 100_000,
      per_person_limit: 100,
      cost_points: 1,
    },
  });
  ids.offer = offer.json<{ data: { id: number } }>().data.id;
  const allyOffer = await t.app.inject({
    method: 'POST',
    url: '/back/api/v1/rewards/ally/offers',
    headers: headers.get('ally'),
    payload: ROUTES['POST /back/api/v1/rewards/ally/offers']!.valid(),
  });
  ids.allyOffer = allyOffer.json<{ data: { id: number } }>().data.id;
  await t.app.inject({
    method: 'POST',
    url: '/back/api/v1/admin/rewards/adjustments',
    headers: headers.get('staff'),
    payload: { email: householdB.email, points: 100_000, reason: 'Saldo para el fuzz' },
  });
  await t.app.db
    .insertInto('reward_holds')
    .values({
      user_id: householdB.id,
      request_id: 1,
      points: 900,
      description: 'Recolección #1: PET 90 kg',
      reasons: JSON.stringify(['PET: 90 kg supera el máximo creíble de 50 kg por recolección']),
      status: 'pending',
      reviewed_by: null,
      reviewed_at: null,
      review_note: null,
      created_at: new Date().toISOString(),
    })
    .execute();
  ids.hold = (
    await t.app.db.selectFrom('reward_holds').select('id').orderBy('id', 'desc').executeTakeFirstOrThrow()
  ).id;
  const ended = await t.app.inject({
    method: 'POST',
    url: '/back/api/v1/admin/campaigns',
    headers: headers.get('staff'),
    payload: {
      title: 'Jornada que ya pasó',
      summary: 'Una jornada de reciclaje del mes pasado.',
      starts_at: new Date(Date.now() - 30 * 86_400_000).toISOString(),
      ends_at: new Date(Date.now() - 29 * 86_400_000).toISOString(),
      organiser_ally_id: ids.ally,
      reward_bonus_points: 20,
    },
  });
  ids.campaign = ended.json<{ data: { id: number } }>().data.id;
  ids.attendee = householdB.id;
  await t.app.db
    .insertInto('campaign_participants')
    .values({ campaign_id: ids.campaign, user_id: householdB.id, joined_at: new Date().toISOString(), attended_at: null, attendance_confirmed_by: null })
    .execute();
  const organization = await t.app.db
    .selectFrom('recycler_organizations')
    .select('id')
    .orderBy('id')
    .executeTakeFirstOrThrow();
  ids.organization = organization.id;
  const scale = await t.app.db
    .selectFrom('recycler_scales')
    .innerJoin('recycler_ecas', 'recycler_ecas.point_id', 'recycler_scales.eca_point_id')
    .select(['recycler_scales.id', 'recycler_scales.eca_point_id'])
    .where('recycler_ecas.organization_id', '=', organization.id)
    .where('recycler_scales.serial', '=', 'BAS-LAU-01')
    .executeTakeFirstOrThrow();
  ids.scale = scale.id;
  ids.eca = scale.eca_point_id;
  ids.member = (
    await t.app.db
      .selectFrom('recycler_members')
      .select('id')
      .where('organization_id', '=', organization.id)
      .where('status', '=', 'activo')
      .orderBy('id')
      .executeTakeFirstOrThrow()
  ).id;
  ids.pickup = (
    await t.app.db
      .selectFrom('pickup_requests')
      .select('id')
      .where('notes', '=', DEMO_ROUTE_NOTE)
      .where('status', '=', 'programada')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow()
  ).id;
  const sale = await t.app.inject({
    method: 'POST',
    url: `/back/api/v1/recyclers/organizations/${ids.organization}/sales`,
    headers: headers.get('manager'),
    payload: ROUTES['POST /back/api/v1/recyclers/organizations/{id}/sales']!.valid(),
  });
  expect(sale.statusCode, sale.body).toBe(201);
  ids.sale = sale.json<{ data: { id: number; invoice_number: string } }>().data.id;
  ids.saleInvoice = sale.json<{ data: { id: number; invoice_number: string } }>().data.invoice_number;
  const missed = await t.app.db
    .selectFrom('recycler_stops')
    .innerJoin('pickup_requests', 'pickup_requests.id', 'recycler_stops.request_id')
    .select('recycler_stops.request_id')
    .where('pickup_requests.status', '=', 'programada')
    .where('recycler_stops.request_id', '!=', ids.pickup)
    .orderBy('recycler_stops.request_id')
    .executeTakeFirstOrThrow();
  ids.missedPickup = missed.request_id;
  await t.app.db
    .updateTable('recycler_stops')
    .set({ outcome: 'no-estaba', outcome_reason: 'nadie-en-casa', outcome_at: new Date().toISOString() })
    .where('request_id', '=', missed.request_id)
    .execute();
  tables = (await t.app.db.introspection.getTables()).map((tb) => tb.name).filter((n) => !n.startsWith('kysely_'));
}, 120_000);

afterAll(async () => {
  if (process.env.FUZZ_REPORT) {
    const { writeFileSync } = await import('node:fs');
    writeFileSync(
      process.env.FUZZ_REPORT,
      JSON.stringify({ runsPerRoute: RUNS, routes: Object.keys(ROUTES).length, ...stats }),
    );
  }
  await t?.close();
});

/** Row count of every table, in one round trip. */
async function rowCounts(): Promise<Record<string, number>> {
  const union = tables.map((name) => `select '${name}' as t, count(*) as n from ${name}`).join(' union all ');
  const { rows } = await sql.raw<{ t: string; n: number | string }>(union).execute(t.app.db);
  return Object.fromEntries(rows.map((r) => [r.t, Number(r.n)]));
}

// ── mutations ────────────────────────────────────────────────────────────────────────────
type Path = Array<string | number>;

function leafPaths(value: unknown, prefix: Path = []): Path[] {
  if (Array.isArray(value)) return [prefix, ...value.flatMap((v, i) => leafPaths(v, [...prefix, i]))];
  if (value && typeof value === 'object') {
    return [
      ...(prefix.length ? [prefix] : []),
      ...Object.entries(value).flatMap(([k, v]) => leafPaths(v, [...prefix, k])),
    ];
  }
  return [prefix];
}

const CONTROL = ['\u0000', '\u0007', '\u001b', '\u202a', '\u202e', '\u2066', '\u2069', '\ufeff', '\ud800'];

const badValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.integer(),
  fc.constantFrom(1e308, -1e308, Number.MAX_SAFE_INTEGER + 2, -1, 0, 0.5, 2 ** 31, -(2 ** 63)),
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom(
    '',
    ' ',
    '   ',
    '🙂♻️',
    'ñandú áéíóú',
    "'; drop table users; --",
    '<script>alert(1)</script>',
    '../../etc/passwd',
  ),
  fc.tuple(fc.constantFrom(...CONTROL), fc.string({ maxLength: 10 })).map(([c, s]) => `Texto${c}${s}`),
  fc.integer({ min: 201, max: 20_000 }).map((n) => 'x'.repeat(n)),
  fc.array(fc.oneof(fc.string({ maxLength: 8 }), fc.integer()), { maxLength: 4 }),
  fc.dictionary(fc.string({ maxLength: 6 }), fc.string({ maxLength: 6 }), { maxKeys: 3 }),
  fc.constantFrom('2026-02-30', '9999-12-31', 'mañana', '1e9', 'NaN', 'true'),
);

type Mutation = { kind: 'drop' | 'set'; path: Path; value?: unknown } | { kind: 'extra'; key: string; value: unknown };

function mutationsFor(valid: object): fc.Arbitrary<Mutation[]> {
  const paths = leafPaths(valid).filter((p) => p.length > 0);
  const one: fc.Arbitrary<Mutation> = fc.oneof(
    { weight: 2, arbitrary: fc.constantFrom(...paths).map((path) => ({ kind: 'drop' as const, path })) },
    {
      weight: 6,
      arbitrary: fc
        .tuple(fc.constantFrom(...paths), badValue)
        .map(([path, value]) => ({ kind: 'set' as const, path, value })),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(fc.string({ minLength: 1, maxLength: 12 }), badValue)
        .map(([key, value]) => ({ kind: 'extra' as const, key, value })),
    },
  );
  return fc.array(one, { minLength: 1, maxLength: 3 });
}

function apply(valid: object, mutations: Mutation[]): unknown {
  const body = structuredClone(valid) as Record<string, unknown>;
  for (const m of mutations) {
    if (m.kind === 'extra') {
      if (m.key !== '__proto__') body[m.key] = m.value;
      continue;
    }
    let node: unknown = body;
    for (const key of m.path.slice(0, -1))
      node = node && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined;
    if (!node || typeof node !== 'object') continue;
    const last = m.path[m.path.length - 1]!;
    if (m.kind === 'drop') {
      if (Array.isArray(node) && typeof last === 'number') node.splice(last, 1);
      else delete (node as Record<string | number, unknown>)[last];
    } else {
      (node as Record<string | number, unknown>)[last] = m.value;
    }
  }
  return body;
}

// ── the suite ────────────────────────────────────────────────────────────────────────────
describe(`bad input: ${RUNS} generated bodies per write route`, () => {
  // The mutations start from a body the route accepts (the confirm route has no code to confirm).
  it('accepts the unmutated body of every route', async () => {
    const refused: string[] = [];
    for (const [key, route] of Object.entries(ROUTES)) {
      const res = await t.app.inject({
        method: route.method,
        url: route.url(),
        headers: headers.get(route.who),
        remoteAddress: randomIp(),
        payload: route.valid(),
      });
      const expected = key.endsWith('/confirm') ? 400 : 200;
      if (Math.floor(res.statusCode / 100) !== expected / 100)
        refused.push(`${key}: ${res.statusCode} ${res.body.slice(0, 200)}`);
    }
    expect(refused).toEqual([]);
  });

  for (const [key, route] of Object.entries(ROUTES)) {
    it(
      key,
      async () => {
        const failures: string[] = [];
        await fc
          .assert(
            fc.asyncProperty(mutationsFor(route.valid()), async (mutations) => {
              const payload = apply(route.valid(), mutations);
              const verdict = route.body.safeParse(payload);
              // An earlier case's e-mail leaves the queue in the background once sent.
              await t.app.mailer.idle();
              const before = await rowCounts();
              const res = await t.app.inject({
                method: route.method,
                url: route.url(),
                headers: headers.get(route.who),
                remoteAddress: randomIp(),
                payload: payload as object,
              });
              stats.cases += 1;
              const status = res.statusCode;
              const show = `${status} for ${JSON.stringify(payload).slice(0, 300)} → ${res.body.slice(0, 300)}`;
              if (status >= 500) {
                stats.server5xx += 1;
                failures.push(`5xx: ${show}`);
                return false;
              }
              if (!verdict.success) {
                stats.invalid += 1;
                const paths = verdict.error.issues.map((i) => i.path.join('.') || 'body');
                const fields = Object.keys(res.json<{ fields?: Record<string, string> }>().fields ?? {});
                // 429 may come first for a valid-looking part (same account or e-mail again): still 4xx.
                if (status !== 429 && (status !== 400 || !fields.some((f) => paths.includes(f)))) {
                  failures.push(`invalid body (${paths.join(', ')}) answered ${show}`);
                  return false;
                }
              } else if (status >= 200 && status < 300) {
                stats.ok2xx += 1;
                const parsed = route.response.safeParse(res.json());
                if (!parsed.success) {
                  failures.push(`2xx body does not match the response schema: ${show}`);
                  return false;
                }
                return true;
              } else {
                stats.other4xx += 1;
              }
              await t.app.mailer.idle();
              const after = await rowCounts();
              const changed = tables.filter((tb) => before[tb] !== after[tb]);
              if (changed.length) {
                failures.push(`${status} but rows changed in ${changed.join(', ')}: ${show}`);
                return false;
              }
              return true;
            }),
            { numRuns: RUNS, ...(SEED !== undefined ? { seed: SEED } : {}), endOnFailure: true },
          )
          .catch((err: unknown) => {
            throw new Error(`${failures.join('\n')}\n${String(err).slice(0, 1500)}`);
          });
        expect(failures).toEqual([]);
      },
      600_000,
    );
  }

  // A NUL in a free-text field is refused by the contract (it used to be stored on SQLite and
  // answer 500 on PostgreSQL).
  it('refuses a NUL character in a free-text field with 400 naming it', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: '/back/api/v1/admin/pqr-calendar',
      headers: headers.get('staff'),
      payload: { date: '2031-03-04', is_working: false, reason: 'Cierre\u0000por inventario' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ fields?: Record<string, string> }>().fields).toHaveProperty('reason');
  });
});
