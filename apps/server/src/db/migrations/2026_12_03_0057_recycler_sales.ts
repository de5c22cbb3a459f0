import type { Kysely } from 'kysely';
import { DOUBLE, withId } from './helpers.js';

/**
 * An ECA's sales to buyers (the SUI's Toneladas aprovechadas): buyer, DIAN invoice with its CUFE,
 * and material lines in kg with price per kg and VAT.
 * Frozen in time: no app imports.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('recycler_sales'))
    .addColumn('organization_id', 'integer', (c) =>
      c.notNull().references('recycler_organizations.id').onDelete('cascade'),
    )
    .addColumn('eca_point_id', 'integer', (c) => c.notNull().references('points.id'))
    // NIT | CC | CE
    .addColumn('buyer_id_type', 'text', (c) => c.notNull())
    .addColumn('buyer_id_number', 'text', (c) => c.notNull())
    .addColumn('buyer_name', 'text', (c) => c.notNull())
    .addColumn('invoice_number', 'text', (c) => c.notNull())
    .addColumn('invoice_date', 'text', (c) => c.notNull())
    .addColumn('cufe', 'text')
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('recycler_sales_invoice', ['organization_id', 'invoice_number'])
    .execute();
  await db.schema.createIndex('recycler_sales_eca').on('recycler_sales').column('eca_point_id').execute();

  await withId(db, db.schema.createTable('recycler_sale_lines'))
    .addColumn('sale_id', 'integer', (c) => c.notNull().references('recycler_sales.id').onDelete('cascade'))
    .addColumn('material_id', 'integer', (c) => c.notNull().references('materials.id'))
    .addColumn('kg', DOUBLE, (c) => c.notNull())
    .addColumn('price_per_kg', DOUBLE, (c) => c.notNull())
    // percent, e.g. 19
    .addColumn('vat_rate', DOUBLE, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('recycler_sale_lines_sale').on('recycler_sale_lines').column('sale_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('recycler_sale_lines').execute();
  await db.schema.dropTable('recycler_sales').execute();
}
