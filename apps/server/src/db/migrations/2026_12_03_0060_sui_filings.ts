import type { Kysely } from 'kysely';
import { DOUBLE, withId } from './helpers.js';

/**
 * The SUI monthly filing of an organisation of recicladores: the versioned table of the annex's
 * material codes (staff publish a new version when the annex changes, valid from a month), one
 * SUI code for each of the app's materials, each organisation's filing settings (where its
 * rejects go, the waste's origin and area), the months it filed (locked, with the bytes filed)
 * and the payouts it made to its members.
 * Frozen in time: no app imports.
 */

// Version 1: the annex's families as publicly described (Resolución SSPD 20174000237705 de 2017 as amended).
const CODES_V1: Array<[number, string, string]> = [
  [101, 'Aluminio', 'metales'],
  [102, 'Chatarra', 'metales'],
  [103, 'Cobre', 'metales'],
  [104, 'Bronce', 'metales'],
  [105, 'Antimonio', 'metales'],
  [106, 'Acero', 'metales'],
  [199, 'Otros metales', 'metales'],
  [201, 'Archivo', 'papel-carton'],
  [202, 'Cartón', 'papel-carton'],
  [203, 'Cubetas / paneles', 'papel-carton'],
  [204, 'Periódico', 'papel-carton'],
  [205, 'Plegadiza', 'papel-carton'],
  [206, 'Tetra Pak', 'papel-carton'],
  [207, 'Plastificado', 'papel-carton'],
  [208, 'Kraft', 'papel-carton'],
  [299, 'Otros papeles y cartones', 'papel-carton'],
  [301, 'Acrílico', 'plasticos'],
  [302, 'Pasta', 'plasticos'],
  [303, 'PET', 'plasticos'],
  [304, 'PVC', 'plasticos'],
  [305, 'Plástico blanco', 'plasticos'],
  [306, 'Polietileno', 'plasticos'],
  [307, 'Soplado', 'plasticos'],
  [308, 'Polipropileno', 'plasticos'],
  [399, 'Otros plásticos', 'plasticos'],
  [499, 'Otros vidrios', 'vidrio'],
  [599, 'Otros textiles', 'textiles'],
  [699, 'Otros maderables', 'maderables'],
];

// The app's recyclable materials (migration 0003's codes) and their SUI code.
const MAP_V1: Record<string, number> = {
  'papel-carton': 299,
  archivo: 201,
  carton: 202,
  plegadiza: 205,
  periodico: 204,
  plasticos: 399,
  pet: 303,
  pead: 307,
  pvc: 304,
  pebd: 306,
  pp: 308,
  ps: 399,
  'otros-plasticos': 399,
  vidrio: 499,
  metales: 199,
  aluminio: 101,
  chatarra: 102,
  cobre: 103,
  multicapa: 206,
};

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('sui_code_versions')
    .addColumn('version', 'integer', (c) => c.primaryKey())
    // YYYY-MM: the first month whose files use this version
    .addColumn('valid_from', 'text', (c) => c.notNull().unique())
    .addColumn('note', 'text', (c) => c.notNull())
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('sui_material_codes')
    .addColumn('version', 'integer', (c) => c.notNull().references('sui_code_versions.version').onDelete('cascade'))
    .addColumn('code', 'integer', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('family', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('sui_material_codes_pk', ['version', 'code'])
    .execute();

  await db.schema
    .createTable('sui_material_map')
    .addColumn('material_id', 'integer', (c) => c.primaryKey().references('materials.id').onDelete('cascade'))
    .addColumn('sui_code', 'integer', (c) => c.notNull())
    .addColumn('updated_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('sui_settings')
    .addColumn('organization_id', 'integer', (c) =>
      c.primaryKey().references('recycler_organizations.id').onDelete('cascade'),
    )
    // Balance de masas 10–11: 1 landfill, 2 transfer station; that site's SUI number
    .addColumn('reject_destination', 'integer')
    .addColumn('reject_site_number', 'text')
    // Toneladas aprovechadas: origin 1 non-metered, 2 metered, 3 other; area 1 rural, 2 urban
    .addColumn('waste_origin', 'integer', (c) => c.notNull())
    .addColumn('area', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await withId(db, db.schema.createTable('sui_filings'))
    .addColumn('organization_id', 'integer', (c) =>
      c.notNull().references('recycler_organizations.id').onDelete('cascade'),
    )
    // YYYY-MM
    .addColumn('month', 'text', (c) => c.notNull())
    .addColumn('code_version', 'integer', (c) => c.notNull())
    // JSON object: form → the CSV text filed
    .addColumn('files', 'text', (c) => c.notNull())
    .addColumn('filed_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('filed_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('sui_filings_month', ['organization_id', 'month'])
    .execute();

  await withId(db, db.schema.createTable('recycler_payouts'))
    .addColumn('organization_id', 'integer', (c) =>
      c.notNull().references('recycler_organizations.id').onDelete('cascade'),
    )
    .addColumn('member_id', 'integer', (c) => c.notNull().references('recycler_members.id').onDelete('cascade'))
    // YYYY-MM the payout is for
    .addColumn('month', 'text', (c) => c.notNull())
    .addColumn('amount_cop', DOUBLE, (c) => c.notNull())
    .addColumn('note', 'text')
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('recycler_payouts_org_month')
    .on('recycler_payouts')
    .columns(['organization_id', 'month'])
    .execute();

  const at = new Date().toISOString();
  await db
    .insertInto('sui_code_versions' as never)
    .values({ version: 1, valid_from: '2017-01', note: 'Anexo SUI (descripción pública)', created_at: at })
    .execute();
  await db
    .insertInto('sui_material_codes' as never)
    .values(CODES_V1.map(([code, name, family]) => ({ version: 1, code, name, family })))
    .execute();
  const materials = (await db
    .selectFrom('materials' as never)
    .select(['id', 'code'] as never)
    .execute()) as unknown as Array<{ id: number; code: string }>;
  const rows = materials
    .filter((m) => MAP_V1[m.code] !== undefined)
    .map((m) => ({ material_id: m.id, sui_code: MAP_V1[m.code]!, updated_at: at }));
  if (rows.length) await db.insertInto('sui_material_map' as never).values(rows).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'recycler_payouts',
    'sui_filings',
    'sui_settings',
    'sui_material_map',
    'sui_material_codes',
    'sui_code_versions',
  ])
    await db.schema.dropTable(table).execute();
}
