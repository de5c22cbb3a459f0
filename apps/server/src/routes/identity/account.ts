import {
  TC_ID,
  IDENTITY_PATHS,
  ZChangeEmailRequest,
  ZChangePasswordRequest,
  ZChangePasswordResponse,
  ZDeleteAccountRequest,
  ZDeleteAccountResponse,
  ZDeviceIdParams,
  ZDeviceListResponse,
  ZMeResponse,
  ZPersonalDataExport,
  ZRemoveDeviceResponse,
  ZRevokeSessionResponse,
  ZSessionIdParams,
  ZSessionListResponse,
  ZUpdateProfileRequest,
  dataOf,
} from '@puntoverde/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { IdentityService } from '../../features/identity/identity.service.js';
import { requireUser } from '../../plugins/auth.js';
import { pointIdsOfManager } from '../../features/points/points.service.js';
import { accountRoute, errors, SIGNED_IN, SIGNED_IN_SPEC_CODES } from './route-options.js';

/** The signed-in account: profile, e-mail, password, sessions, devices, my data, deletion. */
export function accountRoutes(app: FastifyInstance, identity: IdentityService) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  // ---- the current user ----

  r.get(
    IDENTITY_PATHS.me,
    accountRoute(SIGNED_IN, {
      operationId: 'me.get',
      summary: 'El usuario actual (sin tokens)',
      response: { 200: ZMeResponse, ...errors(401) },
    }),
    async (request) => {
      const user = requireUser(request);
      const me = await identity.me(user);
      // Point managers also get the ids of their points.
      return {
        data: user.tc_id === TC_ID.manager ? { ...me, point_ids: await pointIdsOfManager(app.db, user.id) } : me,
      };
    },
  );

  r.patch(
    IDENTITY_PATHS.me,
    accountRoute(SIGNED_IN_SPEC_CODES, {
      operationId: 'me.update',
      summary: 'Edita los datos del perfil propio',
      body: ZUpdateProfileRequest,
      response: { 200: ZMeResponse, ...errors(400, 401, 409) },
    }),
    async (request) => ({ data: await identity.updateProfile(requireUser(request), request.body) }),
  );

  r.delete(
    IDENTITY_PATHS.me,
    accountRoute(SIGNED_IN_SPEC_CODES, {
      operationId: 'me.delete',
      summary: 'Elimina la cuenta propia (confirma con la contraseña); conserva anonimizado lo que la ley obliga',
      body: ZDeleteAccountRequest,
      response: { 200: ZDeleteAccountResponse, ...errors(400, 401, 409, 429) },
    }),
    async (request) => {
      await identity.deleteAccount(requireUser(request), request.body);
      return { data: { deleted: true as const } };
    },
  );

  r.post(
    IDENTITY_PATHS.myEmail,
    accountRoute(SIGNED_IN_SPEC_CODES, {
      operationId: 'me.changeEmail',
      summary: 'Cambia el correo de acceso (confirma con la contraseña); habrá que verificarlo de nuevo',
      body: ZChangeEmailRequest,
      response: { 200: ZMeResponse, ...errors(400, 401, 409, 429) },
    }),
    async (request) => ({ data: await identity.changeEmail(requireUser(request), request.body) }),
  );

  r.post(
    IDENTITY_PATHS.myPassword,
    accountRoute(SIGNED_IN_SPEC_CODES, {
      operationId: 'me.changePassword',
      summary: 'Cambia la contraseña (confirma con la actual); cierra las demás sesiones',
      body: ZChangePasswordRequest,
      response: { 200: ZChangePasswordResponse, ...errors(400, 401, 429) },
    }),
    async (request) => ({ data: await identity.changePassword(requireUser(request), request.body) }),
  );

  r.get(
    IDENTITY_PATHS.mySessions,
    accountRoute(SIGNED_IN, {
      operationId: 'me.listSessions',
      summary: 'Sesiones abiertas del usuario actual',
      response: { 200: ZSessionListResponse, ...errors(401) },
    }),
    async (request) => ({ data: await identity.listSessions(requireUser(request)) }),
  );

  r.delete(
    `${IDENTITY_PATHS.mySessions}/:id`,
    accountRoute(SIGNED_IN_SPEC_CODES, {
      operationId: 'me.revokeSession',
      summary: 'Cierra una sesión propia',
      params: ZSessionIdParams,
      response: { 200: ZRevokeSessionResponse, ...errors(401, 404) },
    }),
    async (request) => {
      await identity.revokeSession(requireUser(request), request.params.id);
      return { data: { revoked: true as const } };
    },
  );

  r.get(
    IDENTITY_PATHS.myDevices,
    accountRoute(SIGNED_IN, {
      operationId: 'me.listDevices',
      summary: 'Dispositivos de notificaciones enlazados al usuario actual',
      response: { 200: ZDeviceListResponse, ...errors(401) },
    }),
    async (request) => ({ data: await identity.listDevices(requireUser(request)) }),
  );

  r.delete(
    `${IDENTITY_PATHS.myDevices}/:id`,
    accountRoute(SIGNED_IN_SPEC_CODES, {
      operationId: 'me.removeDevice',
      summary: 'Desenlaza un dispositivo propio',
      params: ZDeviceIdParams,
      response: { 200: ZRemoveDeviceResponse, ...errors(400, 401, 404) },
    }),
    async (request) => {
      await identity.removeDevice(requireUser(request), request.params.id);
      return { data: { removed: true as const } };
    },
  );

  r.get(
    IDENTITY_PATHS.myExport,
    accountRoute(SIGNED_IN, {
      operationId: 'me.export',
      summary: 'Descarga mis datos personales (JSON)',
      response: { 200: dataOf(ZPersonalDataExport), ...errors(401) },
    }),
    async (request, reply) => {
      const data = await identity.exportPersonalData(requireUser(request));
      reply.header(
        'content-disposition',
        `attachment; filename="puntoverde-mis-datos-${data.generated_at.slice(0, 10)}.json"`,
      );
      return { data };
    },
  );
}
