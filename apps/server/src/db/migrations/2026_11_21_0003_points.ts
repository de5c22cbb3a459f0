import { sql, type Kysely } from 'kysely';
import { DOUBLE, isPostgres, withId } from './helpers.js';

/**
 * Waste points: the materials catalogue, points with their accepted materials and
 * managers, containers and their readings, and the spatial index.
 *
 * The materials catalogue is reference data every database needs (filters, the OSM import and
 * other features refer to its codes), demo or not, so it is inserted here, once, versioned with
 * the schema; a later change to the catalogue is a new migration. Frozen in time: no app imports.
 */

type MaterialRow = {
  code: string;
  parent: string | null;
  es: string;
  en: string;
  /** Resolución 2184 de 2019: blanco aprovechables, negro no aprovechables, verde orgánicos. */
  bin: 'blanco' | 'negro' | 'verde' | null;
  osm: string[];
  /** Extra search words (no accents, lower case) besides the names. */
  keywords: string;
};

const MATERIALS: MaterialRow[] = [
  { code: 'papel-carton', parent: null, es: 'Papel y cartón', en: 'Paper and cardboard', bin: 'blanco', osm: ['recycling:paper_packaging'], keywords: 'papel carton' },
  { code: 'archivo', parent: 'papel-carton', es: 'Papel de archivo', en: 'Office paper', bin: 'blanco', osm: ['recycling:paper'], keywords: 'papel archivo hojas oficina cuadernos' },
  { code: 'carton', parent: 'papel-carton', es: 'Cartón', en: 'Cardboard', bin: 'blanco', osm: ['recycling:cardboard'], keywords: 'carton cajas' },
  { code: 'plegadiza', parent: 'papel-carton', es: 'Plegadiza', en: 'Paperboard', bin: 'blanco', osm: [], keywords: 'plegadiza cartulina empaques' },
  { code: 'periodico', parent: 'papel-carton', es: 'Periódico y revistas', en: 'Newspapers and magazines', bin: 'blanco', osm: ['recycling:newspaper', 'recycling:magazines'], keywords: 'periodico periodicos revistas' },
  { code: 'plasticos', parent: null, es: 'Plásticos', en: 'Plastics', bin: 'blanco', osm: ['recycling:plastic', 'recycling:plastic_packaging'], keywords: 'plastico plasticos' },
  { code: 'pet', parent: 'plasticos', es: 'PET (1)', en: 'PET (1)', bin: 'blanco', osm: ['recycling:PET', 'recycling:plastic_bottles'], keywords: 'pet botellas gaseosa' },
  { code: 'pead', parent: 'plasticos', es: 'PEAD (2)', en: 'HDPE (2)', bin: 'blanco', osm: [], keywords: 'pead polietileno alta densidad galones' },
  { code: 'pvc', parent: 'plasticos', es: 'PVC (3)', en: 'PVC (3)', bin: 'blanco', osm: [], keywords: 'pvc tubos' },
  { code: 'pebd', parent: 'plasticos', es: 'PEBD (4)', en: 'LDPE (4)', bin: 'blanco', osm: ['recycling:plastic_bags'], keywords: 'pebd bolsas' },
  { code: 'pp', parent: 'plasticos', es: 'PP (5)', en: 'PP (5)', bin: 'blanco', osm: [], keywords: 'pp polipropileno tapas' },
  { code: 'ps', parent: 'plasticos', es: 'PS / icopor (6)', en: 'PS / polystyrene foam (6)', bin: 'blanco', osm: ['recycling:polystyrene_foam'], keywords: 'ps icopor poliestireno' },
  { code: 'otros-plasticos', parent: 'plasticos', es: 'Otros plásticos (7)', en: 'Other plastics (7)', bin: 'blanco', osm: [], keywords: 'otros plasticos' },
  { code: 'vidrio', parent: null, es: 'Vidrio', en: 'Glass', bin: 'blanco', osm: ['recycling:glass', 'recycling:glass_bottles'], keywords: 'vidrio botellas frascos' },
  { code: 'metales', parent: null, es: 'Metales', en: 'Metals', bin: 'blanco', osm: ['recycling:metal'], keywords: 'metal metales' },
  { code: 'aluminio', parent: 'metales', es: 'Aluminio', en: 'Aluminium', bin: 'blanco', osm: ['recycling:cans', 'recycling:aluminium'], keywords: 'aluminio latas lata' },
  { code: 'chatarra', parent: 'metales', es: 'Chatarra', en: 'Scrap metal', bin: 'blanco', osm: ['recycling:scrap_metal'], keywords: 'chatarra hierro' },
  { code: 'cobre', parent: 'metales', es: 'Cobre', en: 'Copper', bin: 'blanco', osm: ['recycling:copper'], keywords: 'cobre cables' },
  { code: 'multicapa', parent: null, es: 'Multicapa (Tetra Pak)', en: 'Multilayer cartons (Tetra Pak)', bin: 'blanco', osm: ['recycling:beverage_cartons'], keywords: 'multicapa tetra pak tetrapak' },
  { code: 'organicos', parent: null, es: 'Orgánicos', en: 'Organic waste', bin: 'verde', osm: ['recycling:organic', 'recycling:green_waste', 'recycling:food_waste'], keywords: 'organicos organico compost restos comida' },
  { code: 'no-aprovechables', parent: null, es: 'No aprovechables', en: 'Non-recyclables', bin: 'negro', osm: [], keywords: 'no aprovechables servilletas higienico ordinarios' },
  { code: 'posconsumo', parent: null, es: 'Posconsumo', en: 'Post-consumer take-back', bin: null, osm: [], keywords: 'posconsumo' },
  { code: 'pilas', parent: 'posconsumo', es: 'Pilas y baterías', en: 'Batteries', bin: null, osm: ['recycling:batteries', 'recycling:car_batteries'], keywords: 'pilas pila baterias bateria' },
  { code: 'bombillas', parent: 'posconsumo', es: 'Bombillas', en: 'Light bulbs', bin: null, osm: ['recycling:low_energy_bulbs', 'recycling:light_bulbs', 'recycling:fluorescent_tubes'], keywords: 'bombillas bombillos luminarias' },
  { code: 'raee', parent: 'posconsumo', es: 'RAEE (aparatos eléctricos y electrónicos)', en: 'WEEE (electrical and electronic equipment)', bin: null, osm: ['recycling:electrical_appliances', 'recycling:small_appliances', 'recycling:electrical_items', 'recycling:mobile_phones', 'recycling:computers'], keywords: 'raee aparatos electricos electronicos celulares computadores' },
  { code: 'llantas', parent: 'posconsumo', es: 'Llantas', en: 'Tyres', bin: null, osm: ['recycling:tyres'], keywords: 'llantas neumaticos' },
  { code: 'aceite-cocina', parent: 'posconsumo', es: 'Aceite de cocina usado', en: 'Used cooking oil', bin: null, osm: ['recycling:cooking_oil'], keywords: 'aceite cocina usado' },
  { code: 'medicamentos', parent: 'posconsumo', es: 'Medicamentos vencidos', en: 'Expired medicines', bin: null, osm: ['recycling:drugs', 'recycling:medicines'], keywords: 'medicamentos vencidos remedios' },
  { code: 'plaguicidas', parent: 'posconsumo', es: 'Envases de plaguicidas', en: 'Pesticide containers', bin: null, osm: [], keywords: 'plaguicidas envases agroquimicos' },
];

export async function up(db: Kysely<unknown>): Promise<void> {
  const pg = isPostgres(db);

  await withId(db, db.schema.createTable('materials'))
    .addColumn('code', 'text', (c) => c.notNull().unique())
    .addColumn('parent_code', 'text')
    .addColumn('name_es', 'text', (c) => c.notNull())
    .addColumn('name_en', 'text', (c) => c.notNull())
    .addColumn('bin_color', 'text')
    .addColumn('osm_keys', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('keywords', 'text', (c) => c.notNull().defaultTo(''))
    // Bit of this material in points.materials_mask (0..52: exact in a double).
    .addColumn('bit', 'integer', (c) => c.notNull().unique())
    .addColumn('sort', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await withId(db, db.schema.createTable('points'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('address', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('city', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('lat', DOUBLE, (c) => c.notNull())
    .addColumn('lng', DOUBLE, (c) => c.notNull())
    .addColumn('opening_hours', 'text')
    .addColumn('phone', 'text')
    .addColumn('photo_url', 'text')
    .addColumn('operator', 'text')
    // Accepted materials as bits (see materials.bit), groups and members expanded: a fast filter
    // beside the point_materials rows that remain the source of truth.
    .addColumn('materials_mask', 'bigint', (c) => c.notNull().defaultTo(0))
    // Lower-case, accent-free name + address + city + material names, for `q`.
    .addColumn('search_text', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('source', 'text', (c) => c.notNull().defaultTo('manual'))
    .addColumn('osm_id', 'text', (c) => c.unique())
    .addColumn('is_demo', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('points_kind_idx').on('points').column('kind').execute();

  await db.schema
    .createTable('point_materials')
    .addColumn('point_id', 'integer', (c) => c.notNull().references('points.id').onDelete('cascade'))
    .addColumn('material_id', 'integer', (c) => c.notNull().references('materials.id'))
    .addPrimaryKeyConstraint('point_materials_pk', ['point_id', 'material_id'])
    .execute();
  await db.schema.createIndex('point_materials_material_idx').on('point_materials').column('material_id').execute();

  await db.schema
    .createTable('point_managers')
    .addColumn('point_id', 'integer', (c) => c.notNull().references('points.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('point_managers_pk', ['point_id', 'user_id'])
    .execute();
  await db.schema.createIndex('point_managers_user_idx').on('point_managers').column('user_id').execute();

  await withId(db, db.schema.createTable('containers'))
    .addColumn('point_id', 'integer', (c) => c.notNull().references('points.id').onDelete('cascade'))
    .addColumn('material_id', 'integer', (c) => c.notNull().references('materials.id'))
    .addColumn('capacity_l', 'integer', (c) => c.notNull())
    .addColumn('fill_level', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('en-servicio'))
    .addColumn('last_emptied_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('containers_point_idx').on('containers').column('point_id').execute();

  await withId(db, db.schema.createTable('container_readings'))
    .addColumn('container_id', 'integer', (c) => c.notNull().references('containers.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('fill_level', 'integer', (c) => c.notNull())
    .addColumn('kg', DOUBLE)
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('container_readings_container_idx')
    .on('container_readings')
    .columns(['container_id', 'created_at'])
    .execute();

  if (pg) {
    // No PostGIS here: core PostgreSQL's GiST over the built-in point type answers
    // `point(lng, lat) <@ box(...)` bounding-box queries from the index.
    await sql`create index points_geo_gist on points using gist (point(lng, lat))`.execute(db);
  } else {
    // SQLite R*Tree: a bbox query over 100,000 points takes about 0.2 ms. Kept in step by triggers.
    await sql`create virtual table points_rtree using rtree(id, min_lat, max_lat, min_lng, max_lng)`.execute(db);
    await sql`create trigger points_rtree_insert after insert on points begin
      insert into points_rtree (id, min_lat, max_lat, min_lng, max_lng) values (new.id, new.lat, new.lat, new.lng, new.lng);
    end`.execute(db);
    await sql`create trigger points_rtree_update after update of lat, lng on points begin
      update points_rtree set min_lat = new.lat, max_lat = new.lat, min_lng = new.lng, max_lng = new.lng where id = new.id;
    end`.execute(db);
    await sql`create trigger points_rtree_delete after delete on points begin
      delete from points_rtree where id = old.id;
    end`.execute(db);
  }

  const now = new Date().toISOString();
  await sql`insert into materials (code, parent_code, name_es, name_en, bin_color, osm_keys, keywords, bit, sort, created_at) values ${sql.join(
    MATERIALS.map(
      (m, i) =>
        sql`(${m.code}, ${m.parent}, ${m.es}, ${m.en}, ${m.bin}, ${m.osm.join(' ')}, ${m.keywords}, ${i}, ${(i + 1) * 10}, ${now})`,
    ),
  )}`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) {
    await sql`drop index if exists points_geo_gist`.execute(db);
  } else {
    await sql`drop table if exists points_rtree`.execute(db);
  }
  await db.schema.dropTable('container_readings').execute();
  await db.schema.dropTable('containers').execute();
  await db.schema.dropTable('point_managers').execute();
  await db.schema.dropTable('point_materials').execute();
  await db.schema.dropTable('points').execute();
  await db.schema.dropTable('materials').execute();
}
