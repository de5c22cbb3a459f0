import { DEFAULT_BRANDING, formatColombianPhone, type PublicBranding } from '@puntoverde/contract';
import {
  TC_ID,
  CERTIFICATE_CODE_PATTERN,
  CERTIFICATE_MAX_PERIOD_DAYS,
  CERTIFICATE_MESSAGES_ES,
  CERTIFICATE_VERIFY_WEB_ROUTE,
  formatNit,
  roundKg,
  type CertificateSummary,
  type CertificateVerification,
  type CreateCertificateRequest,
} from '@puntoverde/contract';
import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../../db/dialect.js';
import { nowIso } from '../../db/dialect.js';
import { lastSequence, numberRow, placeholderNumber } from '../../db/sequence.js';
import { AppError } from '../../lib/app-error.js';
import type { AuthUser } from '../../lib/auth-user.js';
import { recordAudit } from '../admin/audit.service.js';
import { findAccount } from '../identity/identity.service.js';
import { getCatalogue } from '../materials/materials.service.js';
import { pointBasics } from '../points/points.service.js';
import { collectedPerDayPointMaterial, type CollectedLineScope } from '../requests/requests.service.js';
import { publishWebhookEvent } from '../webhooks/webhooks.service.js';
import { bogotaDay, currentFactors, daysInclusive, factorFor } from '../statistics/statistics.service.js';
import { renderCertificatePdf, type CertificateContent } from './certificate-pdf.js';
import * as repo from './certificates.repository.js';

export type CertificatesDeps = {
  db: Db;
  publicUrl: string;
  /** The scheme's brand at issuance (features/branding): its name and legal entity sign the certificate. */
  branding?: () => PublicBranding;
};

/** Who issues the certificate: the scheme by its name and, once staff set it, the legal entity behind it. */
export function issuerOf(branding: PublicBranding = DEFAULT_BRANDING): CertificateContent['issuer'] {
  const entity = branding.legal_name
    ? `${branding.legal_name}${branding.legal_nit ? ` (NIT ${branding.legal_nit})` : ''} opera ${branding.name}, `
    : `${branding.name}: `;
  const contact = [branding.contact_email, branding.contact_phone ? formatColombianPhone(branding.contact_phone) : null].filter(Boolean);
  return {
    name: branding.legal_name ? `${branding.name} — ${branding.legal_name}` : `${branding.name} — esquema de reciclaje`,
    detail:
      `${entity}plataforma del esquema de reciclaje que registra las recolecciones hechas por sus puntos. Este certificado se expide con los kilos registrados al recoger.` +
      (contact.length ? ` Contacto: ${contact.join(' · ')}.` : ''),
  };
}

export function formatCertificateNumber(year: number, sequence: number): string {
  return `CERT-${year}-${String(sequence).padStart(6, '0')}`;
}

function hashCode(code: string): string {
  return createHash('sha256').update(code).digest('hex');
}

/** Company heads (for the company or one branch) and households may ask; branches, managers and staff may not. */
export function canRequestCertificates(user: AuthUser): boolean {
  return user.tc_id === TC_ID.household || (user.tc_id === TC_ID.company && !user.id_empresa);
}

type Target = {
  scope: CollectedLineScope;
  companyId: number | null;
  branchId: number | null;
  holder: CertificateContent['holder'];
};

async function targetOf(db: Db, user: AuthUser, branchId: number | undefined): Promise<Target> {
  const self = await findAccount(db, user.id);
  if (!self) throw new AppError('unauthorized');
  if (user.tc_id === TC_ID.household) {
    if (branchId !== undefined) throw new AppError('not-found', { message: 'No encontramos esa sucursal.' });
    return {
      scope: { by: 'requester', id: user.id },
      companyId: null,
      branchId: null,
      holder: {
        kind: 'household',
        name: self.name,
        document_type: self.document_type,
        document_number: self.document_number,
        branch_name: null,
        address: self.address,
        city: self.city,
      },
    };
  }
  const nit =
    self.document_type === 'NIT' && self.document_number ? formatNit(self.document_number) : self.document_number;
  const company = {
    kind: 'company' as const,
    name: self.company_name ?? self.name,
    document_type: self.document_type,
    document_number: nit,
  };
  if (branchId === undefined) {
    return {
      scope: { by: 'company', id: user.id },
      companyId: user.id,
      branchId: null,
      holder: { ...company, branch_name: null, address: self.address, city: self.city },
    };
  }
  const branch = branchId === user.id ? self : await findAccount(db, branchId);
  // Another company's branch, or no branch at all: the same 404.
  if (!branch || branch.deleted_at || (branch.id !== user.id && branch.id_empresa !== user.id)) {
    throw new AppError('not-found', { message: 'No encontramos esa sucursal.' });
  }
  return {
    scope: { by: 'requester', id: branch.id },
    companyId: user.id,
    branchId: branch.id,
    holder: {
      ...company,
      branch_name: branch.id === user.id ? 'Sede principal' : branch.name,
      address: branch.address,
      city: branch.city,
    },
  };
}

/**
 * The certificate's lines: collected kg per day, point (by name and city) and material in the
 * period, by day then the material's place in the catalogue. Kilos are summed by the requests
 * service; points and materials are named through their services.
 */
async function collectedLines(db: Db, scope: CollectedLineScope, from: string, to: string) {
  const rows = await collectedPerDayPointMaterial(db, scope, from, to);
  const [points, catalogue] = await Promise.all([
    pointBasics(
      db,
      rows.map((r) => r.point_id),
    ),
    getCatalogue(db),
  ]);
  const materials = new Map(catalogue.materials.map((m) => [m.id, m]));
  const lines = new Map<
    string,
    {
      collected_on: string;
      point_name: string;
      point_city: string;
      code: string;
      name_es: string;
      parent_code: string | null;
      sort: number;
      kg: number;
    }
  >();
  for (const r of rows) {
    const p = points.get(r.point_id);
    const m = materials.get(r.material_id);
    if (!p || !m) continue;
    const key = JSON.stringify([r.collected_on, p.name, p.city, m.code]);
    const line = lines.get(key);
    if (line) line.kg += r.kg;
    else {
      lines.set(key, {
        collected_on: r.collected_on,
        point_name: p.name,
        point_city: p.city,
        code: m.code,
        name_es: m.name_es,
        parent_code: m.parent_code,
        sort: m.sort,
        kg: r.kg,
      });
    }
  }
  return [...lines.values()].sort((a, b) =>
    a.collected_on === b.collected_on ? a.sort - b.sort : a.collected_on < b.collected_on ? -1 : 1,
  );
}

function checkPeriod(input: CreateCertificateRequest, now: Date): void {
  const today = bogotaDay(now);
  if (input.to > today) throw AppError.field('validation-failed', 'to', CERTIFICATE_MESSAGES_ES.future);
  if (daysInclusive(input.from, input.to) > CERTIFICATE_MAX_PERIOD_DAYS) {
    throw AppError.field('validation-failed', 'from', CERTIFICATE_MESSAGES_ES.tooLong);
  }
}

type FactsRow = Pick<
  repo.CertificateListRow,
  | 'number'
  | 'status'
  | 'content_json'
  | 'period_from'
  | 'period_to'
  | 'total_kg'
  | 'co2e_kg'
  | 'issued_at'
  | 'annulled_at'
  | 'annul_reason'
>;

/** What the list and the public check both show of a certificate, and the content it was issued with. */
function certificateFacts(row: FactsRow) {
  const content = JSON.parse(row.content_json) as CertificateContent;
  const facts = {
    number: row.number,
    status: row.status === 'anulado' ? ('anulado' as const) : ('valido' as const),
    holder_name: content.holder.name,
    branch_name: content.holder.branch_name,
    period_from: row.period_from,
    period_to: row.period_to,
    total_kg: Number(row.total_kg),
    co2e_kg: Number(row.co2e_kg),
    issued_at: row.issued_at,
    annulled_at: row.annulled_at,
    annul_reason: row.annul_reason,
  };
  return { facts, content };
}

function summary(row: repo.CertificateListRow): CertificateSummary {
  return { ...certificateFacts(row).facts, pdf_size: Number(row.pdf_size) };
}

/**
 * Issues a certificate. The period is checked and its kilograms read first: an empty period
 * takes no number. The row and its number are written in one transaction, so a failure gives
 * the number back and numbers stay gapless.
 *
 * The PDF prints the number, yet making it takes tens of milliseconds that no other certificate
 * should wait for: it is made before the transaction for the number the certificate will most
 * likely get (the last one given + 1), and the number is taken last, just before the commit.
 * When another certificate took that number in between, the PDF is made again, inside the
 * transaction, for the number taken.
 */
export async function issueCertificate(
  deps: CertificatesDeps,
  user: AuthUser,
  input: CreateCertificateRequest,
  now = new Date(),
): Promise<CertificateSummary> {
  if (!canRequestCertificates(user)) throw new AppError('forbidden');
  checkPeriod(input, now);
  const target = await targetOf(deps.db, user, input.branch_id);
  const raw = await collectedLines(deps.db, target.scope, input.from, input.to);
  const lines = raw.filter((l) => l.kg > 0);
  const totalKg = roundKg(lines.reduce((s, l) => s + l.kg, 0));
  if (!lines.length || totalKg <= 0) throw new AppError('certificate-nothing-collected');

  const factors = await currentFactors(deps.db);
  const perMaterial = new Map<
    string,
    CertificateContent['per_material'][number] & { parent_code: string | null; sort: number }
  >();
  for (const l of lines) {
    const m = perMaterial.get(l.code) ?? {
      material: l.code,
      name: l.name_es,
      kg: 0,
      factor: null,
      co2e_kg: 0,
      parent_code: l.parent_code,
      sort: l.sort,
    };
    m.kg += l.kg;
    perMaterial.set(l.code, m);
  }
  const per = [...perMaterial.values()]
    .sort((a, b) => a.sort - b.sort)
    .map((m) => {
      const factor = factorFor(factors, { code: m.material, parent_code: m.parent_code });
      return {
        material: m.material,
        name: m.name,
        kg: roundKg(m.kg),
        factor,
        co2e_kg: factor === null ? 0 : roundKg(m.kg * factor),
      };
    });
  const co2e = roundKg(per.reduce((s, m) => s + m.co2e_kg, 0));
  const usedFactors: Record<string, number> = {};
  for (const m of per) if (m.factor !== null) usedFactors[m.material] = m.factor;

  const code = randomBytes(16).toString('base64url');
  const verifyUrl = `${deps.publicUrl.replace(/\/$/, '')}${CERTIFICATE_VERIFY_WEB_ROUTE}/${code}`;
  const issuedAt = now.toISOString();
  const year = Number(bogotaDay(now).slice(0, 4));

  const print = async (sequence: number) => {
    const number = formatCertificateNumber(year, sequence);
    const content: CertificateContent = {
      number,
      issued_at: issuedAt,
      period: { from: input.from, to: input.to },
      holder: target.holder,
      lines: lines.map((l) => ({
        date: l.collected_on,
        point: l.point_city ? `${l.point_name} (${l.point_city})` : l.point_name,
        material: l.code,
        material_name: l.name_es,
        kg: roundKg(l.kg),
      })),
      per_material: per,
      total_kg: totalKg,
      co2e_kg: co2e,
      km_not_driven: factors.kmPerKgCo2e > 0 ? Math.round(co2e / factors.kmPerKgCo2e) : 0,
      factors: {
        source: factors.source,
        equivalence_source: factors.equivalenceSource,
        km_per_kg_co2e: factors.kmPerKgCo2e,
        materials: usedFactors,
      },
      issuer: issuerOf(deps.branding?.()),
      verify_url: verifyUrl,
    };
    const pdf = await renderCertificatePdf(content, code);
    return {
      content_json: JSON.stringify(content),
      pdf,
      pdf_sha256: createHash('sha256').update(pdf).digest('hex'),
      pdf_size: pdf.length,
    };
  };

  const expected = (await lastSequence(deps.db, 'certificate', year)) + 1;
  const printed = await print(expected);
  const placeholder = placeholderNumber();
  return deps.db.transaction().execute(async (trx) => {
    const row = {
      number: placeholder.number,
      year,
      sequence: placeholder.sequence,
      holder_user_id: user.id,
      company_id: target.companyId,
      branch_id: target.branchId,
      period_from: input.from,
      period_to: input.to,
      ...printed,
      total_kg: totalKg,
      co2e_kg: co2e,
      code_hash: hashCode(code),
      status: 'valido',
      issued_by: user.id,
      issued_at: issuedAt,
      annulled_at: null,
      annulled_by: null,
      annul_reason: null,
    };
    const id = await repo.insertCertificate(trx, row);
    const { sequence, number } = await numberRow(trx, 'certificate', year, id);
    await publishWebhookEvent(
      trx,
      'certificate.issued',
      { number, status: row.status, period_from: row.period_from, period_to: row.period_to, total_kg: totalKg, co2e_kg: co2e, issued_at: issuedAt },
      now,
    );
    if (sequence === expected) return summary({ ...row, id, sequence, number });
    const reprinted = await print(sequence);
    await repo.replaceIssuedContent(trx, id, reprinted);
    return summary({ ...row, ...reprinted, id, sequence, number });
  });
}

export async function listMyCertificates(db: Db, user: AuthUser): Promise<CertificateSummary[]> {
  return (await repo.listOfHolder(db, user.id)).map(summary);
}

export async function listAllCertificates(db: Db): Promise<CertificateSummary[]> {
  return (await repo.listAll(db, 500)).map(summary);
}

/** The stored PDF, byte for byte; only its holder and staff may download it. */
export async function certificatePdf(db: Db, user: AuthUser, number: string): Promise<{ pdf: Buffer; sha256: string }> {
  const row = await repo.findByNumber(db, number);
  if (!row || (row.holder_user_id !== user.id && !user.is_admin)) throw new AppError('certificate-not-found');
  return { pdf: await repo.pdfOf(db, row.id), sha256: row.pdf_sha256 };
}

/** Public check by code: unknown and malformed codes get the same answer. */
export async function verifyCertificate(db: Db, code: string): Promise<CertificateVerification> {
  const row = CERTIFICATE_CODE_PATTERN.test(code) ? await repo.findByCodeHash(db, hashCode(code)) : undefined;
  if (!row) throw new AppError('certificate-not-found');
  const { facts, content } = certificateFacts(row);
  return { ...facts, per_material: content.per_material.map((m) => ({ material: m.name, kg: m.kg })) };
}

/** Staff annul a certificate with a reason: a new state, never an edit of what was issued. */
export async function annulCertificate(
  db: Db,
  admin: AuthUser,
  number: string,
  reason: string,
): Promise<CertificateSummary> {
  return db.transaction().execute(async (trx) => {
    const row = await repo.findByNumber(trx, number);
    if (!row) throw new AppError('certificate-not-found');
    const values = { annulled_at: nowIso(), annulled_by: admin.id, annul_reason: reason };
    if (!(await repo.annulIfValid(trx, row.id, values))) throw new AppError('certificate-already-annulled');
    await recordAudit(trx, {
      actorId: admin.id,
      action: 'annul',
      entity: 'certificate',
      entityId: number,
      before: { status: row.status },
      after: { status: 'anulado', reason },
    });
    return summary({ ...row, ...values, status: 'anulado' });
  });
}
