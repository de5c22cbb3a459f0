import { readFileSync } from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../config.js';
import { createDatabase } from '../db/dialect.js';
import { migrateToLatest } from '../db/migrate.js';
import { recordCliAudit } from '../features/admin/audit.service.js';
import { importOsmElements, parseOsmFile } from '../features/points/osm-import.js';

// npm runs workspace scripts inside apps/server: relative paths (the file, DATA_DIR) mean the
// directory the command was typed in, as for `npm start`.
if (process.env.INIT_CWD) process.chdir(process.env.INIT_CWD);

/**
 * `npm run import:osm -- file.geojson|file.json`: imports OSM amenity=recycling points from a
 * GeoJSON or Overpass JSON export. Idempotent by OSM id; prints created/updated/unchanged/skipped.
 */
const IMPORT_OSM_HELP = `Uso: npm run import:osm -- archivo.geojson|archivo.json

Importa los puntos de reciclaje (amenity=recycling) de OpenStreetMap desde un GeoJSON o un JSON
de Overpass. Se puede repetir: cada punto se reconoce por su id de OSM (crea, actualiza o deja igual).

De dónde sacar el archivo: en https://overpass-turbo.eu pegue esta consulta (cambie el área),
ejecútela y use Exportar → GeoJSON (o descargue el JSON de https://overpass-api.de/api/interpreter):

  [out:json][timeout:60];
  area["name"="Pasto"]["boundary"="administrative"]->.a;
  nwr["amenity"="recycling"](area.a);
  out center tags;

Etiquetas que lee: amenity=recycling (las demás se omiten), name (o operator), operator,
recycling_type (container → contenedor público; centre → ECA con operator, si no centro de acopio),
recycling:<material>=yes (los materiales del catálogo), opening_hours (sintaxis OSM; se ignora si
no es válida), phone o contact:phone, addr:street, addr:housenumber, addr:full y addr:city.
Las vías y áreas toman su centro.`;

const args = process.argv.slice(2);
if (args.includes('--help') || args.includes('-h')) {
  console.log(IMPORT_OSM_HELP);
  process.exit(0);
}
const file = args.find((a) => !a.startsWith('-'));
if (!file) {
  console.error(IMPORT_OSM_HELP);
  process.exit(2);
}
const filePath = path.resolve(file);
let data: unknown;
try {
  data = JSON.parse(readFileSync(filePath, 'utf8'));
} catch (err) {
  console.error(`No se pudo leer ${file}: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(2);
}
let elements;
try {
  elements = parseOsmFile(data);
} catch (err) {
  console.error(err instanceof Error ? err.message : String(err));
  process.exit(2);
}
const config = loadConfig();
const handle = createDatabase({ databaseUrl: config.databaseUrl, sqliteFile: config.sqliteFile });
try {
  await migrateToLatest(handle);
  const report = await importOsmElements(handle.db, elements);
  await recordCliAudit(handle.db, {
    action: 'import',
    entity: 'osm-import',
    entityId: null,
    after: {
      file: path.basename(filePath),
      read: elements.length,
      created: report.created,
      updated: report.updated,
      unchanged: report.unchanged,
      skipped: report.skipped.length,
    },
  });
  console.log(`Elementos leídos: ${elements.length}`);
  console.log(`Creados: ${report.created}`);
  console.log(`Actualizados: ${report.updated}`);
  console.log(`Sin cambios: ${report.unchanged}`);
  console.log(`Omitidos: ${report.skipped.length}`);
  const reasons = new Map<string, string[]>();
  for (const s of report.skipped) reasons.set(s.reason, [...(reasons.get(s.reason) ?? []), s.osm_id]);
  for (const [reason, ids] of reasons) {
    console.log(`  - ${reason}: ${ids.length} (${ids.slice(0, 5).join(', ')}${ids.length > 5 ? ', …' : ''})`);
  }
} finally {
  await handle.destroy();
}
