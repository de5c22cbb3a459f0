import { createHash } from 'node:crypto';
import {
  SUI_FORMS,
  SUI_ID_TYPE_CODE,
  SUI_MEMBER_STATUS_CODE,
  SUI_NO,
  SUI_VEHICLE_CODE,
  SUI_YES,
  formatSuiDecimal,
  parseDocumentNumber,
  suiDate,
  suiTonnes,
  suiWeekOfMonth,
  vehicleNeedsPlate,
  type MemberStatus,
  type SuiCodeTable,
  type SuiCodeVersionCreate,
  type SuiFiling,
  type SuiForm,
  type SuiIssue,
  type SuiIssueKind,
  type SuiPreflight,
  type SuiSettings,
  type VehicleType,
} from '@puntoverde/contract';
import { nowIso, type Db, type Executor } from '../../db/dialect.js';
import { AppError } from '../../lib/app-error.js';
import type { AuthUser } from '../../lib/auth-user.js';
import { recordAudit } from '../admin/audit.service.js';
import { accountsByIds } from '../identity/identity.service.js';
import { getCatalogue } from '../materials/materials.service.js';
import { pointBasics } from '../points/points.service.js';
import { bogotaDay } from '../statistics/statistics.service.js';
import * as orgRepo from './recyclers.repository.js';
import { assertOrganizationAccess } from './recyclers.service.js';
import * as repo from './sui.repository.js';

/**
 * The monthly SUI filing of an organisation of recicladores (spec/recicladores.md): the month's
 * Balance de masas, Toneladas aprovechadas and Relación de miembros, and the ECA and macro-route
 * registration files, as CSV in the annex's column order and codes; the pre-flight check of what
 * the SUI's validator would refuse; and the lock of a filed month.
 *
 * - Reproducible: rows are sorted on every column and nothing depends on the time of the export,
 *   so the same month gives the same bytes. A filed month answers with the bytes filed.
 * - Late entries: a ticket or sale recorded after its month was filed goes into the first month
 *   that was still open when it was recorded (the annex's rule for corrections).
 * - Material codes come from a versioned table (the version valid from the month on), through one
 *   mapping from each of the app's materials to a SUI code.
 * - Files: comma-separated, no header row, CRLF line ends, UTF-8, dot decimals, dates DD-MM-AAAA.
 */

export const SUI_FILE_NAMES: Record<SuiForm, string> = {
  'balance-masas': 'balance-masas',
  'toneladas-aprovechadas': 'toneladas-aprovechadas',
  'relacion-miembros': 'relacion-miembros',
  'registro-eca': 'registro-eca',
  'registro-macrorutas': 'registro-macrorutas',
};

// ---- access ----

/** The organisation the caller asked for, or the only one a coordinator runs. */
export async function resolveOrganization(db: Executor, user: AuthUser, organizationId: number | undefined): Promise<number> {
  if (organizationId !== undefined) {
    await assertOrganizationAccess(db, user, organizationId);
    return organizationId;
  }
  const mine = user.is_admin ? [] : await orgRepo.organizationIdsOfCoordinator(db, user.id);
  if (mine.length === 1) return mine[0]!;
  if (!user.is_admin && mine.length === 0) throw new AppError('recycler-organization-not-found');
  throw AppError.field('sui-organization-required', 'organization_id');
}

// ---- months ----

function monthRange(month: string): { from: string; to: string } {
  return { from: `${month}-01`, to: `${month}-31` };
}

function nextMonth(month: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
}

/**
 * The month whose file reports an entry of `own` month recorded at `createdAt`: its own month,
 * unless that month was filed before the entry was recorded; then the next one, and so on.
 */
function reportingMonth(own: string, createdAt: string, filedAt: Map<string, string>): string {
  let month = own;
  for (;;) {
    const at = filedAt.get(month);
    if (at === undefined || at >= createdAt) return month;
    month = nextMonth(month);
  }
}

/**
 * Whether the file of a filed month reports (or would report) a sale invoiced on `invoiceDate` and
 * recorded at `createdAt`: such a sale is part of a locked month and cannot change.
 */
export async function saleMonthFiled(db: Executor, organizationId: number, invoiceDate: string, createdAt: string): Promise<boolean> {
  const filedAt = new Map((await repo.filingsOf(db, organizationId)).map((f) => [f.month, f.filed_at]));
  return filedAt.has(reportingMonth(invoiceDate.slice(0, 7), createdAt, filedAt));
}

// ---- CSV ----

function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  const text = String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

function toCsv(rows: Array<Array<string | number | null>>): string {
  return rows.map((r) => r.map(csvCell).join(',') + '\r\n').join('');
}

const collator = (a: string | number, b: string | number): number => {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  const x = String(a);
  const y = String(b);
  return x < y ? -1 : x > y ? 1 : 0;
};
function byColumns(a: Array<string | number | null>, b: Array<string | number | null>): number {
  for (let i = 0; i < a.length; i++) {
    const c = collator(a[i] ?? '', b[i] ?? '');
    if (c) return c;
  }
  return 0;
}

/** Kilos as exact hundredths (kg carry 2 decimals), so sums never drift. */
const centi = (kg: number | string) => Math.round(Number(kg) * 100);

// ---- the data of a month ----

type CodeContext = { version: number; codes: Set<number>; map: Map<number, number> };

async function codeContext(db: Executor, month: string): Promise<CodeContext> {
  const versions = await repo.codeVersions(db);
  const version = [...versions].reverse().find((v) => v.valid_from <= month)?.version ?? versions[0]?.version ?? 1;
  const codes = await repo.codesOfVersion(db, version);
  const map = await repo.materialMap(db);
  return { version, codes: new Set(codes.map((c) => c.code)), map: new Map(map.map((m) => [m.material_id, m.sui_code])) };
}

function suiCodeOf(ctx: CodeContext, materialId: number): number | null {
  const code = ctx.map.get(materialId);
  return code !== undefined && ctx.codes.has(code) ? code : null;
}

type MonthData = Awaited<ReturnType<typeof loadMonth>>;

async function loadMonth(db: Executor, organizationId: number, month: string) {
  const { from, to } = monthRange(month);
  const filings = await repo.filingsOf(db, organizationId);
  const filedAt = new Map(filings.map((f) => [f.month, f.filed_at]));
  const earlierFiled = filings.filter((f) => f.month < month);
  const earliestFiledAt = earlierFiled.reduce<string | null>((min, f) => (min === null || f.filed_at < min ? f.filed_at : min), null);

  const [ctx, ecas, areas, macros, members, settings, sums, sales] = await Promise.all([
    codeContext(db, month),
    orgRepo.ecasOf(db, organizationId),
    orgRepo.serviceAreasOf(db, organizationId),
    orgRepo.macroRoutesOf(db, organizationId),
    repo.membersOfOrganization(db, organizationId),
    repo.settingsOf(db, organizationId),
    repo.balanceSums(db, organizationId, from, to),
    repo.saleLinesOfMonth(db, organizationId, from, to),
  ]);
  const balance = sums.map((s) => ({
    ...s,
    week: Number(s.week),
    net: centi(s.net_kg),
    reject: centi(s.reject_kg),
    over_rejected: Number(s.over_rejected),
  }));
  const saleLines = [...sales];
  if (earliestFiledAt !== null) {
    const late = await repo.lateTicketLines(db, organizationId, from, earliestFiledAt);
    for (const l of late)
      if (reportingMonth(l.weighed_on.slice(0, 7), l.created_at, filedAt) === month)
        balance.push({
          eca_point_id: l.eca_point_id,
          macro_route_id: l.macro_route_id,
          member_id: l.member_id,
          material_id: l.material_id,
          week: suiWeekOfMonth(l.weighed_on),
          net_kg: l.net_kg,
          reject_kg: l.reject_kg,
          net: centi(l.net_kg),
          reject: centi(l.reject_kg),
          over_rejected: Number(l.reject_kg) > Number(l.net_kg) ? 1 : 0,
        });
    const lateSales = await repo.lateSaleLines(db, organizationId, from, earliestFiledAt);
    for (const s of lateSales)
      if (reportingMonth(s.invoice_date.slice(0, 7), s.created_at, filedAt) === month) saleLines.push(s);
  }
  const points = await pointBasics(
    db,
    ecas.map((e) => e.point_id),
  );
  return {
    organizationId,
    month,
    ctx,
    ecas,
    areas: new Map(areas.map((a) => [a.id, a])),
    macros: new Map(macros.map((m) => [m.id, m])),
    macroList: macros,
    members,
    memberById: new Map(members.map((m) => [m.id, m])),
    settings,
    balance,
    saleLines,
    points,
    ecaById: new Map(ecas.map((e) => [e.point_id, e])),
  };
}

// ---- the files ----

function balanceCsv(d: MonthData): string {
  const groups = new Map<string, { key: Array<string | number>; net: number; reject: number }>();
  for (const s of d.balance) {
    const member = d.memberById.get(s.member_id);
    const key: Array<string | number> = [
      d.ecaById.get(s.eca_point_id)?.nueca ?? '',
      s.macro_route_id === null ? '' : (d.macros.get(s.macro_route_id)?.numacro ?? ''),
      s.week,
      member ? (SUI_ID_TYPE_CODE[member.id_type] ?? '') : '',
      member?.id_number ?? '',
      member?.plate ?? '',
      suiCodeOf(d.ctx, s.material_id) ?? '',
    ];
    const k = key.join('\u0000');
    const g = groups.get(k) ?? { key, net: 0, reject: 0 };
    g.net += s.net;
    g.reject += s.reject;
    groups.set(k, g);
  }
  const destination = d.settings?.reject_destination ?? '';
  const site = d.settings?.reject_site_number ?? '';
  const rows = [...groups.values()]
    .sort((a, b) => byColumns(a.key, b.key))
    .map((g) => {
      const [nueca, numacro, week, idType, idNumber, plate, code] = g.key;
      return [nueca!, numacro!, week!, idType!, idNumber!, plate!, suiTonnes(g.net / 100), code!, suiTonnes(g.reject / 100), destination, site];
    });
  return toCsv(rows);
}

function municipalityOfEca(d: MonthData, pointId: number): string {
  const eca = d.ecaById.get(pointId);
  const area = eca?.service_area_id ? d.areas.get(eca.service_area_id) : undefined;
  return area?.municipality_dane ?? '';
}

function salesCsv(d: MonthData): string {
  const [year, period] = d.month.split('-').map(Number) as [number, number];
  const rows = d.saleLines.map((s) => {
    const [number, dv] = s.buyer_id_type === 'NIT' ? s.buyer_id_number.split('-') : [s.buyer_id_number, ''];
    const kg = centi(s.kg) / 100;
    const before = Math.round(kg * Number(s.price_per_kg) * 100) / 100;
    const vat = Math.round(before * Number(s.vat_rate)) / 100;
    const municipality = municipalityOfEca(d, s.eca_point_id);
    return [
      d.ecaById.get(s.eca_point_id)?.nueca ?? '',
      year,
      period,
      SUI_ID_TYPE_CODE[s.buyer_id_type] ?? '',
      number ?? '',
      dv ?? '',
      s.invoice_number,
      suiDate(s.invoice_date),
      s.cufe ?? '',
      s.buyer_name,
      suiCodeOf(d.ctx, s.material_id) ?? '',
      formatSuiDecimal(kg, 2),
      suiTonnes(kg),
      formatSuiDecimal(Number(s.price_per_kg), 2),
      formatSuiDecimal(before, 2),
      formatSuiDecimal(vat, 2),
      formatSuiDecimal(before + vat, 2),
      municipality.slice(0, 2),
      municipality,
      SUI_NO,
      d.settings?.waste_origin ?? 1,
      d.settings?.area ?? 2,
    ];
  });
  // Already ordered by invoice date, invoice and line; late ones follow, ordered the same way.
  return toCsv(rows);
}

function membersCsv(d: MonthData): string {
  const rows = d.members.map((m) => [
    SUI_ID_TYPE_CODE[m.id_type] ?? '',
    m.id_number,
    m.name,
    SUI_MEMBER_STATUS_CODE[m.status as MemberStatus] ?? '',
    suiDate(m.id_issue_date),
    suiDate(m.birth_date),
    m.address ?? '',
    m.phone ?? '',
    SUI_VEHICLE_CODE[m.vehicle_type as VehicleType] ?? '',
    m.plate ?? '',
    m.municipality_dane.slice(0, 2),
    m.municipality_dane,
  ]);
  return toCsv(rows.sort(byColumns));
}

const dec = (n: number | null, places: number) => (n === null ? '' : formatSuiDecimal(Number(n), places));

function ecasCsv(d: MonthData): string {
  const rows = d.ecas.map((e) => {
    const p = d.points.get(e.point_id);
    return [
      e.service_area_id ? (d.areas.get(e.service_area_id)?.nuap ?? '') : '',
      p?.name ?? '',
      p?.address ?? '',
      suiDate(e.operation_start),
      p ? formatSuiDecimal(p.lng, 6) : '',
      p ? formatSuiDecimal(p.lat, 6) : '',
      e.ownership ?? '',
      e.contract ?? '',
      dec(e.capacity_t_month, 4),
      dec(e.storage_m3, 4),
      dec(e.storage_t, 4),
      e.land_use_compatible === null ? '' : e.land_use_compatible ? SUI_YES : SUI_NO,
      e.land_use_kind ?? '',
      e.status,
      suiDate(e.status_date),
    ];
  });
  return toCsv(rows.sort(byColumns));
}

function macrosCsv(d: MonthData): string {
  const rows = d.macroList.map((m) => [m.service_area_id ? (d.areas.get(m.service_area_id)?.nuap ?? '') : '', m.numacro, m.name]);
  return toCsv(rows.sort(byColumns));
}

function buildFiles(d: MonthData): Record<SuiForm, string> {
  return {
    'balance-masas': balanceCsv(d),
    'toneladas-aprovechadas': salesCsv(d),
    'relacion-miembros': membersCsv(d),
    'registro-eca': ecasCsv(d),
    'registro-macrorutas': macrosCsv(d),
  };
}

const lineCount = (csv: string) => (csv ? csv.split('\r\n').length - 1 : 0);

/** One file of a month: the bytes filed when the month is locked, else built from the data. */
export async function exportForm(
  db: Db,
  user: AuthUser,
  query: { organization_id?: number | undefined; month: string },
  form: SuiForm,
): Promise<{ filename: string; csv: string }> {
  const organizationId = await resolveOrganization(db, user, query.organization_id);
  const filename = `${SUI_FILE_NAMES[form]}-${query.month}.csv`;
  const filed = (await repo.filingsOf(db, organizationId)).find((f) => f.month === query.month);
  if (filed) return { filename, csv: (JSON.parse(filed.files) as Record<SuiForm, string>)[form] };
  const data = await loadMonth(db, organizationId, query.month);
  return { filename, csv: buildFiles(data)[form] };
}

// ---- pre-flight ----

function fixPath(organizationId: number, tab: string): string {
  return `/app/tabs/recyclers/${organizationId}?tab=${tab}`;
}

const ISSUE_MESSAGES: Record<SuiIssueKind, (label: string) => string> = {
  'member-id': (l) => `${l}: el documento no es válido para su tipo (el SUI exige tipo y número de identificación).`,
  'member-plate': (l) => `${l}: su vehículo necesita placa.`,
  'ticket-macro-route': (l) => `${l}: el tiquete no tiene macroruta (NUMACRO).`,
  'rejects-over-quantity': (l) => `${l}: el rechazo supera la cantidad recibida.`,
  'material-unmapped': (l) => `${l}: el material no tiene código de material del SUI.`,
  'sale-cufe': (l) => `${l}: la venta no tiene CUFE.`,
  'eca-nueca': (l) => `${l}: la ECA no tiene número SUI (NUECA).`,
  'eca-service-area': (l) => `${l}: la ECA no tiene área de prestación (NUAP y municipio de origen).`,
  'macro-service-area': (l) => `${l}: la macroruta no tiene área de prestación (NUAP).`,
  'settings-rejects': (l) => `${l}: falta el destino de los rechazos y el número SUI del sitio.`,
};

async function preflightOf(db: Executor, d: MonthData): Promise<SuiIssue[]> {
  const { from, to } = monthRange(d.month);
  const issues: SuiIssue[] = [];
  const add = (kind: SuiIssueKind, form: SuiForm, label: string, tab: string) =>
    issues.push({ kind, form, label, message: ISSUE_MESSAGES[kind](label), fix_path: fixPath(d.organizationId, tab) });

  for (const m of d.members) {
    const label = `${m.name} (${m.id_type} ${m.id_number})`;
    if (!(m.id_type in SUI_ID_TYPE_CODE) || parseDocumentNumber(m.id_type, m.id_number) === null)
      add('member-id', 'relacion-miembros', label, 'members');
    if (vehicleNeedsPlate(m.vehicle_type) && !m.plate) add('member-plate', 'relacion-miembros', label, 'members');
  }
  // The month's sums tell whether any ticket lacks a macro-route or rejects too much; only then are they named.
  const [noMacro, overRejected] = await Promise.all([
    d.balance.some((b) => b.macro_route_id === null) ? repo.ticketsWithoutMacro(db, d.organizationId, from, to) : [],
    d.balance.some((b) => b.over_rejected > 0) ? repo.linesOverRejected(db, d.organizationId, from, to) : [],
  ]);
  for (const t of noMacro) add('ticket-macro-route', 'balance-masas', t.number, 'tickets');
  for (const t of new Map(overRejected.map((r) => [r.id, r])).values())
    add('rejects-over-quantity', 'balance-masas', t.number, 'tickets');

  const catalogue = new Map((await getCatalogue(db)).materials.map((m) => [m.id, m]));
  const unmapped = new Map<number, SuiForm>();
  for (const s of d.balance) if (suiCodeOf(d.ctx, s.material_id) === null) unmapped.set(s.material_id, 'balance-masas');
  for (const s of d.saleLines)
    if (suiCodeOf(d.ctx, s.material_id) === null && !unmapped.has(s.material_id)) unmapped.set(s.material_id, 'toneladas-aprovechadas');
  for (const [id, form] of [...unmapped].sort((a, b) => a[0] - b[0]))
    add('material-unmapped', form, catalogue.get(id)?.name_es ?? String(id), 'sui');

  const sales = new Map<number, { invoice: string; cufe: string | null }>();
  for (const s of d.saleLines) sales.set(s.sale_id, { invoice: s.invoice_number, cufe: s.cufe });
  for (const s of sales.values()) if (!s.cufe) add('sale-cufe', 'toneladas-aprovechadas', s.invoice, 'sales');

  const ecasUsed = new Set([...d.balance.map((b) => b.eca_point_id), ...d.saleLines.map((s) => s.eca_point_id)]);
  for (const e of d.ecas) {
    const name = d.points.get(e.point_id)?.name ?? String(e.point_id);
    if (ecasUsed.has(e.point_id) && !e.nueca) add('eca-nueca', 'balance-masas', name, 'ecas');
    if (!e.service_area_id) add('eca-service-area', 'registro-eca', name, 'ecas');
  }
  for (const m of d.macroList)
    if (!m.service_area_id) add('macro-service-area', 'registro-macrorutas', `${m.numacro} ${m.name}`, 'routes');
  if (d.balance.length && (!d.settings?.reject_destination || !d.settings.reject_site_number))
    add('settings-rejects', 'balance-masas', 'Balance de masas', 'sui');
  return issues;
}

export async function preflight(
  db: Db,
  user: AuthUser,
  query: { organization_id?: number | undefined; month: string },
): Promise<SuiPreflight> {
  const organizationId = await resolveOrganization(db, user, query.organization_id);
  const filed = (await repo.filingsOf(db, organizationId)).find((f) => f.month === query.month);
  if (filed) {
    const files = JSON.parse(filed.files) as Record<SuiForm, string>;
    return {
      organization_id: organizationId,
      month: query.month,
      filed: true,
      code_version: filed.code_version,
      rows: Object.fromEntries(SUI_FORMS.map((f) => [f, lineCount(files[f])])) as Record<SuiForm, number>,
      issues: [],
    };
  }
  const data = await loadMonth(db, organizationId, query.month);
  const files = buildFiles(data);
  return {
    organization_id: organizationId,
    month: query.month,
    filed: false,
    code_version: data.ctx.version,
    rows: Object.fromEntries(SUI_FORMS.map((f) => [f, lineCount(files[f])])) as Record<SuiForm, number>,
    issues: await preflightOf(db, data),
  };
}

// ---- filings (the month lock) ----

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

async function toFilings(db: Executor, rows: Awaited<ReturnType<typeof repo.filingsOf>>): Promise<SuiFiling[]> {
  const people = await accountsByIds(
    db,
    rows.flatMap((r) => (r.filed_by === null ? [] : [r.filed_by])),
  );
  return rows.map((r) => {
    const files = JSON.parse(r.files) as Record<SuiForm, string>;
    return {
      month: r.month,
      code_version: r.code_version,
      filed_at: r.filed_at,
      filed_by: r.filed_by === null ? null : (people.get(r.filed_by)?.name ?? null),
      sha256: Object.fromEntries(SUI_FORMS.map((f) => [f, sha256(files[f])])) as Record<SuiForm, string>,
    };
  });
}

export async function listFilings(db: Db, user: AuthUser, organizationId: number | undefined): Promise<SuiFiling[]> {
  const id = await resolveOrganization(db, user, organizationId);
  return toFilings(db, await repo.filingsOf(db, id));
}

/** Files a month: the pre-flight must be clean; the files are kept as filed and the month is locked. */
export async function fileMonth(
  db: Db,
  user: AuthUser,
  query: { organization_id?: number | undefined; month: string },
  now = new Date(),
): Promise<SuiFiling> {
  if (query.month > bogotaDay(now).slice(0, 7)) throw AppError.field('sui-month-open', 'month');
  return db.transaction().execute(async (trx) => {
    const organizationId = await resolveOrganization(trx, user, query.organization_id);
    if ((await repo.filingsOf(trx, organizationId)).some((f) => f.month === query.month))
      throw AppError.field('sui-month-filed', 'month');
    const data = await loadMonth(trx, organizationId, query.month);
    const issues = await preflightOf(trx, data);
    if (issues.length) throw new AppError('sui-preflight-failed');
    const files = buildFiles(data);
    const at = nowIso();
    await repo.insertFiling(trx, {
      organization_id: organizationId,
      month: query.month,
      code_version: data.ctx.version,
      files: JSON.stringify(files),
      filed_by: user.id,
      filed_at: at,
    });
    await recordAudit(trx, {
      actorId: user.id,
      action: 'sui.file',
      entity: 'recycler_organization',
      entityId: organizationId,
      before: null,
      after: { month: query.month, code_version: data.ctx.version },
    });
    const [filing] = await toFilings(
      trx,
      (await repo.filingsOf(trx, organizationId)).filter((f) => f.month === query.month),
    );
    return filing!;
  });
}

// ---- settings ----

const DEFAULT_SETTINGS: SuiSettings = { reject_destination: null, reject_site_number: null, waste_origin: 1, area: 2 };

export async function getSettings(db: Db, user: AuthUser, organizationId: number | undefined): Promise<SuiSettings> {
  const id = await resolveOrganization(db, user, organizationId);
  const row = await repo.settingsOf(db, id);
  return row
    ? { reject_destination: row.reject_destination, reject_site_number: row.reject_site_number, waste_origin: row.waste_origin, area: row.area }
    : DEFAULT_SETTINGS;
}

export async function saveSettings(
  db: Db,
  user: AuthUser,
  organizationId: number | undefined,
  input: SuiSettings,
): Promise<SuiSettings> {
  return db.transaction().execute(async (trx) => {
    const id = await resolveOrganization(trx, user, organizationId);
    const before = await repo.settingsOf(trx, id);
    await repo.saveSettings(trx, { organization_id: id, ...input, updated_at: nowIso() });
    await recordAudit(trx, {
      actorId: user.id,
      action: 'sui.settings',
      entity: 'recycler_organization',
      entityId: id,
      before: before ?? null,
      after: input,
    });
    return input;
  });
}

// ---- material codes ----

export async function codeTable(db: Db, month?: string): Promise<SuiCodeTable> {
  const versions = await repo.codeVersions(db);
  const current = month
    ? ([...versions].reverse().find((v) => v.valid_from <= month) ?? versions[0]!)
    : versions[versions.length - 1]!;
  const [codes, map, catalogue] = await Promise.all([
    repo.codesOfVersion(db, current.version),
    repo.materialMap(db),
    getCatalogue(db),
  ]);
  const byMaterial = new Map(map.map((m) => [m.material_id, m.sui_code]));
  return {
    version: current.version,
    valid_from: current.valid_from,
    note: current.note,
    versions,
    codes,
    mapping: catalogue.materials.map((m) => ({ material: m.code, name_es: m.name_es, sui_code: byMaterial.get(m.id) ?? null })),
  };
}

/** Staff publish a new version of the annex's material codes. */
export async function publishCodeVersion(db: Db, staff: AuthUser, input: SuiCodeVersionCreate): Promise<SuiCodeTable> {
  await db.transaction().execute(async (trx) => {
    const versions = await repo.codeVersions(trx);
    const last = versions[versions.length - 1];
    if (last && input.valid_from <= last.valid_from)
      throw AppError.field(
        'validation-failed',
        'valid_from',
        `La nueva versión debe empezar después de ${last.valid_from}, el mes de la versión vigente.`,
      );
    const filedUntil = await repo.lastFiledMonth(trx);
    if (filedUntil !== null && input.valid_from <= filedUntil) throw AppError.field('sui-code-version-month-filed', 'valid_from');
    const version = (last?.version ?? 0) + 1;
    await repo.insertCodeVersion(
      trx,
      { version, valid_from: input.valid_from, note: input.note, created_by: staff.id, created_at: nowIso() },
      input.codes,
    );
    await recordAudit(trx, {
      actorId: staff.id,
      action: 'sui.codes.publish',
      entity: 'sui_code_version',
      entityId: version,
      before: null,
      after: input,
    });
  });
  return codeTable(db);
}

/** Staff set (or clear) the SUI code of one of the app's materials. */
export async function mapMaterial(db: Db, staff: AuthUser, materialCode: string, suiCode: number | null): Promise<SuiCodeTable> {
  await db.transaction().execute(async (trx) => {
    const material = (await getCatalogue(trx)).materials.find((m) => m.code === materialCode);
    if (!material) throw AppError.field('unknown-material', 'material');
    const versions = await repo.codeVersions(trx);
    const codes = await repo.codesOfVersion(trx, versions[versions.length - 1]!.version);
    if (suiCode !== null && !codes.some((c) => c.code === suiCode))
      throw AppError.field('validation-failed', 'sui_code', 'Ese código no está en la versión vigente de la tabla de materiales del SUI.');
    const before = (await repo.materialMap(trx)).find((m) => m.material_id === material.id)?.sui_code ?? null;
    await repo.setMaterialCode(trx, material.id, suiCode, staff.id, nowIso());
    await recordAudit(trx, {
      actorId: staff.id,
      action: 'sui.material.map',
      entity: 'material',
      entityId: material.id,
      before: { sui_code: before },
      after: { sui_code: suiCode },
    });
  });
  return codeTable(db);
}
