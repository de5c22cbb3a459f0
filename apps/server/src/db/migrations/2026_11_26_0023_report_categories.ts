import type { Kysely } from 'kysely';

/**
 * Report categories become data staff edit (create, rename, disable, order) instead of a fixed
 * list. Codes stay immutable (reports and Open311 service codes store them). Seeds the six
 * categories of the specification. Frozen in time: no app imports.
 */
const SEEDED = [
  ['contenedor_lleno', 'Contenedor lleno', 'Un contenedor de reciclaje está lleno o rebosado.', 1],
  ['contenedor_danado', 'Contenedor dañado', 'Un contenedor está roto, quemado, sin tapa o fuera de lugar.', 1],
  ['punto_critico', 'Punto crítico / arrojo ilegal', 'Residuos arrojados en la vía o en un lote (punto crítico, arrojo ilegal).', 0],
  ['punto_cerrado', 'Punto cerrado en horario de atención', 'Un punto de reciclaje está cerrado en su horario de atención.', 0],
  ['recoleccion_no_realizada', 'Recolección no realizada', 'No pasaron a recoger en el día y la franja acordados.', 0],
  ['otro', 'Otro', 'Cualquier otro problema de un punto o del reciclaje en la ciudad.', 0],
] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('report_categories')
    .addColumn('code', 'text', (c) => c.primaryKey())
    .addColumn('label', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    // 1 = the form (and Open311's service definition) asks which container of the point.
    .addColumn('asks_container', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  const at = new Date().toISOString();
  await (db as Kysely<Record<string, Record<string, unknown>>>)
    .insertInto('report_categories')
    .values(
      SEEDED.map(([code, label, description, asksContainer], i) => ({
        code,
        label,
        description,
        asks_container: asksContainer,
        position: (i + 1) * 10,
        active: 1,
        created_at: at,
        updated_at: at,
      })),
    )
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('report_categories').execute();
}
