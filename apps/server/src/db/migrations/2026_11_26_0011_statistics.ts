import { sql, type Kysely } from 'kysely';
import { DOUBLE, isPostgres, withId } from './helpers.js';

/**
 * Statistics, environmental impact and recycling certificates. Frozen in time: no app imports.
 *
 * - impact_factors: kg CO2e avoided per kg recycled, per material, from EPA WARM v16 (a US
 *   reference: no Colombian per-material factors are published), plus one equivalence (km not
 *   driven by a passenger car). Staff edit them; certificates copy the ones they used.
 * - certificate_counter + certificates: gapless CERT-YYYY-NNNNNN numbers (the counter row is
 *   bumped in the issuing transaction, like PQR radicados); the PDF is stored once.
 * - pickup_request_items_month_idx: a covering index (day, material, point, kg) so the scheme's
 *   monthly figure is an index-only range scan, without a pre-aggregated table to keep in step.
 */

// WARM v16 "Recycling" emission factors are published in MTCO2E per short ton; here converted to
// kg CO2e per kg (÷ 0.90718474), shown as avoided (positive).
const SOURCE = 'US EPA, Waste Reduction Model (WARM)';
const TABLE = 'Recycling emission factors (MTCO2E/short ton), convertidos a kg CO2e/kg';
const MATERIAL_FACTORS: { code: string; name: string; factor: number }[] = [
  { code: 'papel-carton', name: 'Mixed Paper (general)', factor: 3.91 },
  { code: 'archivo', name: 'Mixed Paper (general)', factor: 3.91 },
  { code: 'plegadiza', name: 'Mixed Paper (general)', factor: 3.91 },
  { code: 'periodico', name: 'Mixed Paper (general)', factor: 3.91 },
  { code: 'carton', name: 'Corrugated Containers', factor: 3.46 },
  { code: 'pet', name: 'PET', factor: 1.14 },
  { code: 'pead', name: 'HDPE', factor: 0.84 },
  { code: 'plasticos', name: 'Mixed Plastics', factor: 1.02 },
  { code: 'pvc', name: 'Mixed Plastics', factor: 1.02 },
  { code: 'pebd', name: 'Mixed Plastics', factor: 1.02 },
  { code: 'pp', name: 'Mixed Plastics', factor: 1.02 },
  { code: 'ps', name: 'Mixed Plastics', factor: 1.02 },
  { code: 'otros-plasticos', name: 'Mixed Plastics', factor: 1.02 },
  { code: 'vidrio', name: 'Glass', factor: 0.3 },
  { code: 'aluminio', name: 'Aluminum Cans', factor: 10.06 },
  { code: 'metales', name: 'Steel Cans', factor: 2.02 },
  { code: 'chatarra', name: 'Steel Cans', factor: 2.02 },
];

export async function up(db: Kysely<unknown>): Promise<void> {
  const pg = isPostgres(db);

  await withId(db, db.schema.createTable('impact_factors'))
    .addColumn('code', 'text', (c) => c.notNull().unique())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('factor', DOUBLE, (c) => c.notNull())
    .addColumn('reference_name', 'text', (c) => c.notNull())
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('source_table', 'text', (c) => c.notNull())
    .addColumn('version', 'text', (c) => c.notNull())
    .addColumn('updated_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('certificate_counter')
    .addColumn('year', 'integer', (c) => c.primaryKey())
    .addColumn('last_value', 'integer', (c) => c.notNull())
    .execute();

  await withId(db, db.schema.createTable('certificates'))
    .addColumn('number', 'text', (c) => c.notNull().unique())
    .addColumn('year', 'integer', (c) => c.notNull())
    .addColumn('sequence', 'integer', (c) => c.notNull())
    // Who asked and owns it: the household or the company head.
    .addColumn('holder_user_id', 'integer', (c) => c.notNull().references('users.id'))
    // The company head's id for company certificates; null for a household.
    .addColumn('company_id', 'integer', (c) => c.references('users.id'))
    // One branch (or the head's own requests); null = the whole company / the household.
    .addColumn('branch_id', 'integer', (c) => c.references('users.id'))
    .addColumn('period_from', 'text', (c) => c.notNull())
    .addColumn('period_to', 'text', (c) => c.notNull())
    // Everything printed (holder, lines, totals, factors used): issued certificates never change.
    .addColumn('content_json', 'text', (c) => c.notNull())
    .addColumn('total_kg', DOUBLE, (c) => c.notNull())
    .addColumn('co2e_kg', DOUBLE, (c) => c.notNull())
    // SHA-256 (hex) of the verification code; the code itself is only printed on the PDF.
    .addColumn('code_hash', 'text', (c) => c.notNull().unique())
    .addColumn('pdf', pg ? 'bytea' : 'blob', (c) => c.notNull())
    .addColumn('pdf_sha256', 'text', (c) => c.notNull())
    .addColumn('pdf_size', 'integer', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('issued_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('issued_at', 'text', (c) => c.notNull())
    .addColumn('annulled_at', 'text')
    .addColumn('annulled_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('annul_reason', 'text')
    .addUniqueConstraint('certificates_year_sequence_uq', ['year', 'sequence'])
    .execute();
  await db.schema.createIndex('certificates_holder_idx').on('certificates').columns(['holder_user_id', 'id']).execute();

  await db.schema
    .createIndex('pickup_request_items_month_idx')
    .on('pickup_request_items')
    .columns(['collected_on', 'material_id', 'point_id', 'actual_kg'])
    .execute();
  await db.schema
    .createIndex('container_readings_kind_idx')
    .on('container_readings')
    .columns(['kind', 'created_at'])
    .execute();

  const now = new Date().toISOString();
  await sql`insert into impact_factors (code, kind, factor, reference_name, source, source_table, version, updated_by, updated_at) values ${sql.join(
    MATERIAL_FACTORS.map((f) => sql`(${f.code}, 'material', ${f.factor}, ${f.name}, ${SOURCE}, ${TABLE}, 'v16', ${null}, ${now})`),
  )}`.execute(db);
  // 3.93 × 10⁻⁴ t CO2e per mile for a typical US passenger vehicle = 0.244 kg per km.
  await sql`insert into impact_factors (code, kind, factor, reference_name, source, source_table, version, updated_by, updated_at) values (${'km-car'}, 'equivalence', ${0.244}, ${'Typical passenger vehicle, per km'}, ${'US EPA, Greenhouse Gas Equivalencies Calculator — Calculations and References'}, ${'Gallons of gasoline / miles driven by an average passenger vehicle: 3.93 × 10⁻⁴ t CO2e/milla'}, ${'2024'}, ${null}, ${now})`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('container_readings_kind_idx').execute();
  await db.schema.dropIndex('pickup_request_items_month_idx').execute();
  await db.schema.dropTable('certificates').execute();
  await db.schema.dropTable('certificate_counter').execute();
  await db.schema.dropTable('impact_factors').execute();
}
