import {
  RECYCLERS_PATH,
  SUI_FORMS,
  SUI_PATH,
  ZDashboardQuery,
  ZOrganizationParams,
  ZPayoutCreate,
  ZPayoutListQuery,
  ZPayoutListResponse,
  ZPayoutResponse,
  ZRecyclerDashboardResponse,
  ZSuiCodeTableResponse,
  ZSuiCodeVersionCreate,
  ZSuiFilingListResponse,
  ZSuiFilingResponse,
  ZSuiMaterialMapUpdate,
  ZSuiMaterialParams,
  ZSuiOrganizationQuery,
  ZSuiPreflightResponse,
  ZSuiQuery,
  ZSuiSettings,
  ZSuiSettingsResponse,
  type SuiForm,
} from '@puntoverde/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import * as dashboard from '../../features/recyclers/dashboard.service.js';
import * as sui from '../../features/recyclers/sui.service.js';
import { declareAuthLevel, requireAdmin, requireManagerOrAdmin } from '../../plugins/auth.js';
import { mustRunOrganization as organizationGuard } from './organization-guard.js';

const security = [{ bearer: [] }];

const FORM_SUMMARIES: Record<SuiForm, string> = {
  'balance-masas':
    'Balance de masas del mes para el SUI (CSV, columnas y códigos del anexo): por ECA, macroruta, semana del mes, reciclador, vehículo y material; toneladas con hasta 4 decimales',
  'toneladas-aprovechadas':
    'Toneladas aprovechadas del mes para el SUI (CSV): una fila por línea de venta, con comprador, factura, CUFE, material, kg, toneladas y valores',
  'relacion-miembros': 'Relación de miembros de la organización para el SUI (CSV)',
  'registro-eca': 'Registro de ECA para el SUI (CSV): área, nombre, dirección, coordenadas, predio, capacidades, uso del suelo y estado',
  'registro-macrorutas': 'Registro de macrorutas para el SUI (CSV): NUAP, NUMACRO y nombre',
};

/**
 * The monthly SUI filing of an organisation of recicladores (its five CSV files, the pre-flight
 * check, the month lock and the filing settings), the annex's material code table (staff keep
 * it), and the coordinator's dashboard and members' payouts. Staff see every organisation; a
 * coordinator only theirs (`organization_id` may be left out when they run one); members none.
 * Who may see the organisation is checked before the body is read.
 */
export default async function suiRoutes(app: FastifyInstance) {
  /** A coordinator of the organisation in the query (or of one organisation), or staff. */
  const mustRunQueryOrganization = async (request: FastifyRequest) => {
    const user = requireManagerOrAdmin(request);
    const query = ZSuiOrganizationQuery.safeParse(request.query);
    if (!query.success) return;
    await sui.resolveOrganization(app.db, user, query.data.organization_id);
  };
  const mustRunOrganization = organizationGuard(app);

  await app.register(async (scope) => {
    declareAuthLevel(scope, 'manager');
    const r = scope.withTypeProvider<ZodTypeProvider>();
    const tags = ['sui'];
    const orgErrors = ['recycler-organization-not-found', 'sui-organization-required'] as const;

    for (const form of SUI_FORMS) {
      r.get(
        `${SUI_PATH}/${form}.csv`,
        {
          preValidation: mustRunQueryOrganization,
          config: { errors: [...orgErrors] },
          schema: {
            tags,
            operationId: `sui.${form.replace(/-(\w)/g, (_, c: string) => c.toUpperCase())}Csv`,
            summary: `${FORM_SUMMARIES[form]}. Sin encabezado, separado por comas, UTF-8; un mes reportado devuelve los bytes reportados`,
            security,
            querystring: ZSuiQuery,
            produces: ['text/csv'],
          },
        },
        async (request, reply) => {
          const { filename, csv } = await sui.exportForm(app.db, requireManagerOrAdmin(request), request.query, form);
          return reply
            .type('text/csv; charset=utf-8')
            .header('content-disposition', `attachment; filename="${filename}"`)
            .header('cache-control', 'private, no-store')
            .send(csv);
        },
      );
    }

    r.get(
      `${SUI_PATH}/preflight`,
      {
        preValidation: mustRunQueryOrganization,
        config: { errors: [...orgErrors] },
        schema: {
          tags,
          operationId: 'sui.preflight',
          summary:
            'Revisión previa del mes: lo que el validador del SUI rechazaría (miembro sin documento, tiquete sin macroruta, rechazo mayor que la cantidad, material sin código, venta sin CUFE…) con el enlace para corregirlo',
          security,
          querystring: ZSuiQuery,
          response: { 200: ZSuiPreflightResponse },
        },
      },
      async (request) => ({ data: await sui.preflight(app.db, requireManagerOrAdmin(request), request.query) }),
    );

    r.get(
      `${SUI_PATH}/filings`,
      {
        preValidation: mustRunQueryOrganization,
        config: { errors: [...orgErrors] },
        schema: {
          tags,
          operationId: 'sui.listFilings',
          summary: 'Meses reportados al SUI (cerrados), con la huella SHA-256 de cada archivo',
          security,
          querystring: ZSuiOrganizationQuery,
          response: { 200: ZSuiFilingListResponse },
        },
      },
      async (request) => ({
        data: await sui.listFilings(app.db, requireManagerOrAdmin(request), request.query.organization_id),
      }),
    );

    r.post(
      `${SUI_PATH}/filings`,
      {
        preValidation: mustRunQueryOrganization,
        config: { errors: [...orgErrors, 'sui-month-filed', 'sui-preflight-failed', 'sui-month-open'] },
        schema: {
          tags,
          operationId: 'sui.fileMonth',
          summary:
            'Cierra el mes como reportado al SUI: exige una revisión previa limpia, guarda los archivos tal como se reportaron y las correcciones posteriores van al mes siguiente',
          security,
          querystring: ZSuiQuery,
          response: { 201: ZSuiFilingResponse },
        },
      },
      async (request, reply) =>
        reply.code(201).send({ data: await sui.fileMonth(app.db, requireManagerOrAdmin(request), request.query) }),
    );

    r.get(
      `${SUI_PATH}/settings`,
      {
        preValidation: mustRunQueryOrganization,
        config: { errors: [...orgErrors] },
        schema: {
          tags,
          operationId: 'sui.getSettings',
          summary: 'Datos de reporte de la organización: destino de los rechazos y su número SUI, origen de los residuos y área',
          security,
          querystring: ZSuiOrganizationQuery,
          response: { 200: ZSuiSettingsResponse },
        },
      },
      async (request) => ({
        data: await sui.getSettings(app.db, requireManagerOrAdmin(request), request.query.organization_id),
      }),
    );

    r.put(
      `${SUI_PATH}/settings`,
      {
        preValidation: mustRunQueryOrganization,
        config: { errors: [...orgErrors] },
        schema: {
          tags,
          operationId: 'sui.saveSettings',
          summary: 'Cambia los datos de reporte de la organización (códigos del SUI)',
          security,
          querystring: ZSuiOrganizationQuery,
          body: ZSuiSettings,
          response: { 200: ZSuiSettingsResponse },
        },
      },
      async (request) => ({
        data: await sui.saveSettings(app.db, requireManagerOrAdmin(request), request.query.organization_id, request.body),
      }),
    );

    r.get(
      `${SUI_PATH}/material-codes`,
      {
        schema: {
          tags,
          operationId: 'sui.materialCodes',
          summary:
            'Tabla versionada de códigos de material del SUI (la vigente para el mes, o la última) y el código de cada material de la app',
          security,
          querystring: z.object({ month: ZSuiQuery.shape.month.optional() }),
          response: { 200: ZSuiCodeTableResponse },
        },
      },
      async (request) => {
        requireManagerOrAdmin(request);
        return { data: await sui.codeTable(app.db, request.query.month) };
      },
    );

    r.get(
      `${RECYCLERS_PATH}/organizations/:id/dashboard`,
      {
        preValidation: mustRunOrganization,
        config: { errors: ['recycler-organization-not-found'] },
        schema: {
          tags: ['recyclers'],
          operationId: 'recyclers.dashboard',
          summary:
            'Tablero del coordinador: kg pesados, rechazados y vendidos por mes y material, por reciclador y microruta; rechazo por macroruta (alerta sobre 20 %); pagos a miembros; básculas que vencen en 30 días',
          security,
          params: ZOrganizationParams,
          querystring: ZDashboardQuery,
          response: { 200: ZRecyclerDashboardResponse },
        },
      },
      async (request) => ({
        data: await dashboard.dashboard(app.db, requireManagerOrAdmin(request), request.params.id, request.query.month),
      }),
    );

    r.get(
      `${RECYCLERS_PATH}/organizations/:id/payouts`,
      {
        preValidation: mustRunOrganization,
        config: { errors: ['recycler-organization-not-found'] },
        schema: {
          tags: ['recyclers'],
          operationId: 'recyclers.listPayouts',
          summary: 'Pagos a miembros registrados en un mes, del más reciente al más antiguo, con el nombre del miembro',
          security,
          params: ZOrganizationParams,
          querystring: ZPayoutListQuery,
          response: { 200: ZPayoutListResponse },
        },
      },
      async (request) => ({
        data: await dashboard.listPayouts(app.db, requireManagerOrAdmin(request), request.params.id, request.query.month),
      }),
    );

    r.post(
      `${RECYCLERS_PATH}/organizations/:id/payouts`,
      {
        preValidation: mustRunOrganization,
        config: { errors: ['recycler-organization-not-found', 'recycler-member-not-found'] },
        schema: {
          tags: ['recyclers'],
          operationId: 'recyclers.recordPayout',
          summary: 'Registra lo que la organización pagó a un miembro por un mes (sus ingresos por ventas)',
          security,
          params: ZOrganizationParams,
          body: ZPayoutCreate,
          response: { 201: ZPayoutResponse },
        },
      },
      async (request, reply) =>
        reply
          .code(201)
          .send({ data: await dashboard.recordPayout(app.db, requireManagerOrAdmin(request), request.params.id, request.body) }),
    );
  });

  // ---- staff keep the annex's material codes ----
  await app.register(async (scope) => {
    declareAuthLevel(scope, 'admin');
    const r = scope.withTypeProvider<ZodTypeProvider>();
    const tags = ['admin: sui'];

    r.post(
      `${SUI_PATH}/material-codes`,
      {
        config: { errors: ['sui-code-version-month-filed'] },
        schema: {
          tags,
          operationId: 'sui.publishMaterialCodes',
          summary: 'Publica una nueva versión de la tabla de códigos de material del SUI, vigente desde un mes',
          security,
          body: ZSuiCodeVersionCreate,
          response: { 201: ZSuiCodeTableResponse },
        },
      },
      async (request, reply) =>
        reply.code(201).send({ data: await sui.publishCodeVersion(app.db, requireAdmin(request), request.body) }),
    );

    r.put(
      `${SUI_PATH}/material-codes/map/:material`,
      {
        config: { errors: ['unknown-material'] },
        schema: {
          tags,
          operationId: 'sui.mapMaterial',
          summary: 'Asigna (o quita) el código de material del SUI de un material de la app',
          security,
          params: ZSuiMaterialParams,
          body: ZSuiMaterialMapUpdate,
          response: { 200: ZSuiCodeTableResponse },
        },
      },
      async (request) => ({
        data: await sui.mapMaterial(app.db, requireAdmin(request), request.params.material, request.body.sui_code),
      }),
    );
  });
}
