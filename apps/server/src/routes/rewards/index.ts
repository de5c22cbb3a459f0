import {
  ADMIN_REWARDS_PATH,
  REWARDS_PATH,
  ZAdjustmentCreate,
  ZAllyAccountResponse,
  ZAllyRedemptionListResponse,
  ZAllyRedemptionResponse,
  ZAllyRedemptionsQuery,
  ZAllyStaffAssign,
  ZAllyStaffResponse,
  ZCompanyRewardsSetting,
  ZCompanyRewardsSettingResponse,
  ZAdminOffersQuery,
  ZHoldReview,
  ZHoldsQuery,
  ZIdParams,
  ZLedgerEntryResponse,
  ZLedgerPageResponse,
  ZLedgerQuery,
  ZOfferReview,
  ZRedemptionCodeParams,
  ZRedemptionCreate,
  ZRedemptionListResponse,
  ZRedemptionWithQrResponse,
  ZRewardBalanceResponse,
  ZRewardFiguresResponse,
  ZRewardHoldListResponse,
  ZRewardHoldResponse,
  ZRewardOfferCreate,
  ZRewardOfferListResponse,
  ZRewardOfferResponse,
  ZRewardRateCreate,
  ZRewardRateListResponse,
  ZRewardRateResponse,
  ZRewardSettings,
  ZRewardSettingsResponse,
} from '@puntoverde/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as rewards from '../../features/rewards/rewards.service.js';
import { AppError } from '../../lib/app-error.js';
import { declareAuthLevel, requireAdmin, requireUser } from '../../plugins/auth.js';

const security = [{ bearer: [] }];

/**
 * Rewards: people's balance, history, offers and redemptions; the ally's counter (confirm a
 * code, their redemptions and offers), for accounts staff made an ally's staff; and the back
 * office (earning table, offer approval, review queue, adjustments, figures). Every route checks
 * its caller before reading the body; the ally's routes also check the ally role then.
 */
export default async function rewardsRoutes(app: FastifyInstance) {
  // Unconfirmed codes give points and stock back: reads sweep too, this catches the quiet hours.
  // Once an hour, points earned 12 months ago expire and people hear 30 days before.
  let sweeper: NodeJS.Timeout | undefined;
  let expiry: NodeJS.Timeout | undefined;
  if (app.config.notificationWorker) {
    app.addHook('onReady', async () => {
      sweeper = setInterval(() => {
        rewards
          .expireDueRedemptions(app.db)
          .catch((err: unknown) => app.log.warn({ err }, 'rewards: expiring codes failed'));
      }, 60_000);
      sweeper.unref();
      expiry = setInterval(() => {
        rewards
          .expirePoints(app.db)
          .then(() => rewards.noticeExpiringPoints(app.db))
          .catch((err: unknown) => app.log.warn({ err }, 'rewards: expiring points failed'));
      }, 3_600_000);
      expiry.unref();
    });
  }
  app.addHook('onClose', async () => {
    clearInterval(sweeper);
    clearInterval(expiry);
  });

  const tags = ['rewards'];

  await app.register(async (scope) => {
    const r = scope.withTypeProvider<ZodTypeProvider>();

    r.get(
      `${REWARDS_PATH}/offers`,
      {
        schema: {
          tags,
          operationId: 'rewards.listOffers',
          summary: 'Ofertas de los aliados que se pueden canjear hoy (aprobadas, vigentes, con unidades)',
          response: { 200: ZRewardOfferListResponse },
        },
      },
      async () => ({ data: await rewards.listAvailableOffers(app.db) }),
    );

    r.get(
      `${REWARDS_PATH}/balance`,
      {
        schema: {
          tags,
          operationId: 'rewards.balance',
          summary: 'Saldo de puntos (suma del libro de movimientos), puntos retenidos y tope mensual',
          security,
          response: { 200: ZRewardBalanceResponse },
        },
      },
      async (request) => ({ data: await rewards.getBalance(app.db, requireUser(request)) }),
    );

    r.get(
      `${REWARDS_PATH}/ledger`,
      {
        schema: {
          tags,
          operationId: 'rewards.ledger',
          summary: 'Movimientos de puntos, el más reciente primero, cada uno con sus puntos con signo y su causa',
          security,
          querystring: ZLedgerQuery,
          response: { 200: ZLedgerPageResponse },
        },
      },
      async (request) => ({ data: await rewards.getLedger(app.db, requireUser(request), request.query) }),
    );

    r.get(
      `${REWARDS_PATH}/redemptions`,
      {
        schema: {
          tags,
          operationId: 'rewards.listRedemptions',
          summary: 'Mis canjes: códigos vigentes, usados y vencidos',
          security,
          response: { 200: ZRedemptionListResponse },
        },
      },
      async (request) => ({ data: await rewards.listMyRedemptions(app.db, requireUser(request)) }),
    );

    r.put(
      `${REWARDS_PATH}/company`,
      {
        config: { auth: 'company-head', errors: ['not-company-head'] },
        schema: {
          tags,
          operationId: 'rewards.setCompanyPointsTo',
          summary:
            'La principal de una empresa elige a dónde van los puntos: su saldo (las sucursales le pasan lo que tengan) o el de cada sucursal',
          security,
          body: ZCompanyRewardsSetting,
          response: { 200: ZCompanyRewardsSettingResponse },
        },
      },
      async (request) => ({
        data: await rewards.setCompanyPointsTo(app.db, requireUser(request), request.body.points_to),
      }),
    );

    r.post(
      `${REWARDS_PATH}/redemptions`,
      {
        config: {
          errors: [
            'reward-offer-not-found',
            'reward-offer-unavailable',
            'reward-out-of-stock',
            'reward-insufficient-points',
            'reward-limit-reached',
          ],
        },
        schema: {
          tags,
          operationId: 'rewards.redeem',
          summary:
            'Canjea una oferta: reserva los puntos y una unidad y entrega un código de un solo uso (con QR) válido 30 minutos',
          security,
          body: ZRedemptionCreate,
          response: { 201: ZRedemptionWithQrResponse },
        },
      },
      async (request, reply) =>
        reply.code(201).send({ data: await rewards.redeem(app.db, requireUser(request), request.body.offer_id) }),
    );
  });

  // The ally's counter: signed in, and staff of an ally (checked before the body is read).
  await app.register(async (ally) => {
    ally.addHook('onRequest', async (request) => {
      await rewards.requireAllyStaff(app.db, requireUser(request));
    });
    const r = ally.withTypeProvider<ZodTypeProvider>();
    const allyTags = ['rewards: ally'];

    r.get(
      `${REWARDS_PATH}/ally`,
      {
        config: { errors: ['ally-staff-only'] },
        schema: {
          tags: allyTags,
          operationId: 'rewardsAlly.account',
          summary: 'El aliado para el que trabaja la cuenta (403 si no es personal de un aliado)',
          security,
          response: { 200: ZAllyAccountResponse },
        },
      },
      async (request) => ({ data: await rewards.requireAllyStaff(app.db, requireUser(request)) }),
    );

    r.post(
      `${REWARDS_PATH}/redemptions/:code/confirm`,
      {
        config: {
          errors: ['ally-staff-only', 'redemption-not-found', 'redemption-expired', 'redemption-already-confirmed'],
        },
        schema: {
          tags: allyTags,
          operationId: 'rewardsAlly.confirm',
          summary:
            'El personal del aliado usa un código (escrito o leído del QR): una sola vez, dentro de sus 30 minutos',
          security,
          params: ZRedemptionCodeParams,
          response: { 200: ZAllyRedemptionResponse },
        },
      },
      async (request) => ({ data: await rewards.confirmRedemption(app.db, requireUser(request), request.params.code) }),
    );

    r.get(
      `${REWARDS_PATH}/ally/redemptions`,
      {
        config: { errors: ['ally-staff-only'] },
        schema: {
          tags: allyTags,
          operationId: 'rewardsAlly.listRedemptions',
          summary: 'Canjes de las ofertas del aliado, el más reciente primero, con quién y cuándo se confirmó cada uno',
          security,
          querystring: ZAllyRedemptionsQuery,
          response: { 200: ZAllyRedemptionListResponse },
        },
      },
      async (request) => ({ data: await rewards.listAllyRedemptions(app.db, requireUser(request), request.query) }),
    );

    r.get(
      `${REWARDS_PATH}/ally/offers`,
      {
        config: { errors: ['ally-staff-only'] },
        schema: {
          tags: allyTags,
          operationId: 'rewardsAlly.listOffers',
          summary: 'Ofertas del aliado en cualquier estado (pendientes de aprobación, aprobadas, rechazadas)',
          security,
          response: { 200: ZRewardOfferListResponse },
        },
      },
      async (request) => {
        const account = await rewards.requireAllyStaff(app.db, requireUser(request));
        return { data: await rewards.listOffersOfAlly(app.db, account.ally_id) };
      },
    );

    r.post(
      `${REWARDS_PATH}/ally/offers`,
      {
        config: { errors: ['ally-staff-only', 'file-reference-invalid'] },
        schema: {
          tags: allyTags,
          operationId: 'rewardsAlly.createOffer',
          summary: 'Propone una oferta del aliado: se muestra cuando el equipo PuntoVerde la aprueba',
          security,
          body: ZRewardOfferCreate,
          response: { 201: ZRewardOfferResponse },
        },
      },
      async (request, reply) => {
        const user = requireUser(request);
        const account = await rewards.requireAllyStaff(app.db, user);
        const offer = await rewards.createOffer(app.db, request.body, {
          user,
          allyId: account.ally_id,
          approve: false,
        });
        return reply.code(201).send({ data: offer });
      },
    );

    r.put(
      `${REWARDS_PATH}/ally/offers/:id`,
      {
        config: { errors: ['ally-staff-only', 'reward-offer-not-found', 'file-reference-invalid'] },
        schema: {
          tags: allyTags,
          operationId: 'rewardsAlly.updateOffer',
          summary: 'Edita una oferta del aliado: vuelve a quedar pendiente hasta que el equipo PuntoVerde la apruebe',
          security,
          params: ZIdParams,
          body: ZRewardOfferCreate,
          response: { 200: ZRewardOfferResponse },
        },
      },
      async (request) => {
        const user = requireUser(request);
        const account = await rewards.requireAllyStaff(app.db, user);
        return {
          data: await rewards.updateAllyOffer(app.db, request.params.id, request.body, {
            user,
            allyId: account.ally_id,
          }),
        };
      },
    );
  });

  // The back office.
  await app.register(async (admin) => {
    declareAuthLevel(admin, 'admin');
    const r = admin.withTypeProvider<ZodTypeProvider>();
    const adminTags = ['admin: rewards'];

    r.get(
      `${ADMIN_REWARDS_PATH}/rates`,
      {
        schema: {
          tags: adminTags,
          operationId: 'adminRewards.listRates',
          summary: 'Tabla de puntos por kilo de cada material: todas las versiones, la vigente marcada',
          security,
          response: { 200: ZRewardRateListResponse },
        },
      },
      async () => ({ data: await rewards.listRates(app.db) }),
    );

    r.post(
      `${ADMIN_REWARDS_PATH}/rates`,
      {
        config: { errors: ['unknown-material', 'reward-rate-retroactive'] },
        schema: {
          tags: adminTags,
          operationId: 'adminRewards.addRate',
          summary: 'Nueva versión de la tarifa de un material, desde hoy o una fecha futura (nunca retroactiva)',
          security,
          body: ZRewardRateCreate,
          response: { 201: ZRewardRateResponse },
        },
      },
      async (request, reply) =>
        reply.code(201).send({ data: await rewards.addRate(app.db, request.body, requireAdmin(request)) }),
    );

    r.get(
      `${ADMIN_REWARDS_PATH}/offers`,
      {
        schema: {
          tags: adminTags,
          operationId: 'adminRewards.listOffers',
          summary: 'Ofertas de todos los aliados, por estado',
          security,
          querystring: ZAdminOffersQuery,
          response: { 200: ZRewardOfferListResponse },
        },
      },
      async (request) => ({ data: await rewards.listOffersForStaff(app.db, request.query.status) }),
    );

    r.post(
      `${ADMIN_REWARDS_PATH}/offers`,
      {
        config: { errors: ['ally-not-found-for-offer', 'file-reference-invalid'] },
        schema: {
          tags: adminTags,
          operationId: 'adminRewards.createOffer',
          summary: 'Crea una oferta en nombre de un aliado (ally_id), ya aprobada',
          security,
          body: ZRewardOfferCreate,
          response: { 201: ZRewardOfferResponse },
        },
      },
      async (request, reply) => {
        const user = requireAdmin(request);
        if (request.body.ally_id === undefined)
          throw AppError.field('ally-not-found-for-offer', 'ally_id', 'Elige el aliado.');
        const offer = await rewards.createOffer(app.db, request.body, {
          user,
          allyId: request.body.ally_id,
          approve: true,
        });
        return reply.code(201).send({ data: offer });
      },
    );

    r.post(
      `${ADMIN_REWARDS_PATH}/offers/:id/review`,
      {
        config: { errors: ['reward-offer-not-found'] },
        schema: {
          tags: adminTags,
          operationId: 'adminRewards.reviewOffer',
          summary: 'Aprueba (se muestra a la gente) o rechaza la oferta de un aliado, con una nota',
          security,
          params: ZIdParams,
          body: ZOfferReview,
          response: { 200: ZRewardOfferResponse },
        },
      },
      async (request) => ({
        data: await rewards.reviewOffer(app.db, request.params.id, request.body, requireAdmin(request)),
      }),
    );

    r.get(
      `${ADMIN_REWARDS_PATH}/holds`,
      {
        schema: {
          tags: adminTags,
          operationId: 'adminRewards.listHolds',
          summary: 'Cola de revisión: puntos retenidos con sus motivos (kilos por encima del máximo creíble)',
          security,
          querystring: ZHoldsQuery,
          response: { 200: ZRewardHoldListResponse },
        },
      },
      async (request) => ({ data: await rewards.listHolds(app.db, request.query.status) }),
    );

    r.post(
      `${ADMIN_REWARDS_PATH}/holds/:id/review`,
      {
        config: { errors: ['reward-hold-not-found', 'reward-hold-reviewed'] },
        schema: {
          tags: adminTags,
          operationId: 'adminRewards.reviewHold',
          summary: 'Aprueba (abona los puntos) o rechaza una recolección retenida',
          security,
          params: ZIdParams,
          body: ZHoldReview,
          response: { 200: ZRewardHoldResponse },
        },
      },
      async (request) => ({
        data: await rewards.reviewHold(app.db, request.params.id, request.body, requireAdmin(request)),
      }),
    );

    r.post(
      `${ADMIN_REWARDS_PATH}/adjustments`,
      {
        config: { errors: ['reward-account-not-found'] },
        schema: {
          tags: adminTags,
          operationId: 'adminRewards.adjust',
          summary:
            'Ajusta el saldo de una cuenta (puntos con signo) con un motivo; queda en su libro y en la auditoría',
          security,
          body: ZAdjustmentCreate,
          response: { 201: ZLedgerEntryResponse },
        },
      },
      async (request, reply) =>
        reply.code(201).send({ data: await rewards.adjust(app.db, request.body, requireAdmin(request)) }),
    );

    r.get(
      `${ADMIN_REWARDS_PATH}/figures`,
      {
        schema: {
          tags: adminTags,
          operationId: 'adminRewards.figures',
          summary: 'Puntos emitidos, canjeados y vencidos por mes, y el saldo pendiente (pasivo) al cierre de cada mes',
          security,
          response: { 200: ZRewardFiguresResponse },
        },
      },
      async () => ({ data: await rewards.figures(app.db) }),
    );

    r.get(
      `${ADMIN_REWARDS_PATH}/settings`,
      {
        schema: {
          tags: adminTags,
          operationId: 'adminRewards.getSettings',
          summary: 'Tope mensual de puntos por hogar',
          security,
          response: { 200: ZRewardSettingsResponse },
        },
      },
      async () => ({ data: await rewards.getSettings(app.db) }),
    );

    r.put(
      `${ADMIN_REWARDS_PATH}/settings`,
      {
        schema: {
          tags: adminTags,
          operationId: 'adminRewards.updateSettings',
          summary: 'Cambia el tope mensual de puntos por hogar (aplica a lo que se gane desde ahora)',
          security,
          body: ZRewardSettings,
          response: { 200: ZRewardSettingsResponse },
        },
      },
      async (request) => ({ data: await rewards.updateSettings(app.db, request.body, requireAdmin(request)) }),
    );

    r.put(
      `${ADMIN_REWARDS_PATH}/ally-staff`,
      {
        config: { errors: ['reward-account-not-found', 'ally-not-found-for-offer'] },
        schema: {
          tags: adminTags,
          operationId: 'adminRewards.assignAllyStaff',
          summary: 'Hace de una cuenta el personal de un aliado: confirma los códigos de canje en su mostrador',
          security,
          body: ZAllyStaffAssign,
          response: { 200: ZAllyStaffResponse },
        },
      },
      async (request) => ({
        data: await rewards.assignAllyStaff(app.db, request.body.email, request.body.ally_id, requireAdmin(request)),
      }),
    );
  });
}
