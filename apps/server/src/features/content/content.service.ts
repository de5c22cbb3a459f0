import { ZAboutPage, type AboutPage, type FaqItem, type ZAboutPageInput, type ZFaqInput } from '@puntoverde/contract';
import type { z } from 'zod';
import { nowIso, type Db } from '../../db/dialect.js';
import { AppError } from '../../lib/app-error.js';
import type { AuthUser } from '../../plugins/auth.js';
import { recordAudit } from '../admin/audit.service.js';

/** The about page is one JSON document in app_setting. */
export const ABOUT_SETTING_KEY = 'content.about';

/** What `contact` shows before staff write their own text. */
export const DEFAULT_ABOUT: Omit<AboutPage, 'updated_at'> = {
  title: 'Conócenos',
  intro:
    'PuntoVerde es el esquema de reciclaje que conecta a hogares, empresas y gestores para que los residuos aprovechables vuelvan a la cadena productiva.',
  body: [
    'Encuentra en el mapa el punto de reciclaje más cercano y lo que recibe, súmate a las campañas de recolección y conoce a las organizaciones aliadas y adheridas.',
    'Separa en la fuente con el código de colores nacional (Resolución 2184 de 2019): blanco para aprovechables limpios y secos, negro para no aprovechables y verde para orgánicos.',
  ].join('\n\n'),
  email: null,
  phone: null,
  whatsapp: null,
  address: null,
  hours: null,
  website: null,
  facebook: null,
  instagram: null,
};

export async function getAboutPage(db: Db): Promise<AboutPage> {
  const row = await db.selectFrom('app_setting').select(['value', 'updated_at']).where('key', '=', ABOUT_SETTING_KEY).executeTakeFirst();
  if (!row) return { ...DEFAULT_ABOUT, updated_at: null };
  const parsed = ZAboutPage.omit({ updated_at: true }).safeParse(JSON.parse(row.value));
  return parsed.success ? { ...parsed.data, updated_at: row.updated_at } : { ...DEFAULT_ABOUT, updated_at: row.updated_at };
}

export async function saveAboutPage(db: Db, input: z.output<typeof ZAboutPageInput>, admin: AuthUser): Promise<AboutPage> {
  const before = await getAboutPage(db);
  const now = nowIso();
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('app_setting')
      .values({ key: ABOUT_SETTING_KEY, value: JSON.stringify(input), updated_at: now })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value: JSON.stringify(input), updated_at: now }))
      .execute();
    await recordAudit(trx, { actorId: admin.id, action: 'update', entity: 'about', entityId: null, before, after: input });
  });
  return getAboutPage(db);
}

type FaqRow = { id: number; question: string; answer: string; position: number; published: number; updated_at: string };

function toFaq(r: FaqRow): FaqItem {
  return { id: r.id, question: r.question, answer: r.answer, position: r.position, published: r.published === 1, updated_at: r.updated_at };
}

export async function listFaq(db: Db, options: { includeUnpublished?: boolean } = {}): Promise<FaqItem[]> {
  let q = db.selectFrom('faq_items').select(['id', 'question', 'answer', 'position', 'published', 'updated_at']);
  if (!options.includeUnpublished) q = q.where('published', '=', 1);
  const rows = await q.orderBy('position').orderBy('id').execute();
  return rows.map(toFaq);
}

async function findFaq(db: Db, id: number): Promise<FaqItem> {
  const row = await db
    .selectFrom('faq_items')
    .select(['id', 'question', 'answer', 'position', 'published', 'updated_at'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) throw new AppError('not-found', { message: 'No encontramos esa pregunta.' });
  return toFaq(row);
}

export async function createFaq(db: Db, input: z.output<typeof ZFaqInput>, admin: AuthUser): Promise<FaqItem> {
  const now = nowIso();
  const id = await db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('faq_items')
      .values({ ...input, published: input.published ? 1 : 0, created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    await recordAudit(trx, { actorId: admin.id, action: 'create', entity: 'faq', entityId: row.id, after: input });
    return row.id;
  });
  return findFaq(db, id);
}

export async function updateFaq(db: Db, id: number, input: z.output<typeof ZFaqInput>, admin: AuthUser): Promise<FaqItem> {
  const before = await findFaq(db, id);
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('faq_items')
      .set({ ...input, published: input.published ? 1 : 0, updated_at: nowIso() })
      .where('id', '=', id)
      .execute();
    await recordAudit(trx, { actorId: admin.id, action: 'update', entity: 'faq', entityId: id, before, after: input });
  });
  return findFaq(db, id);
}

export async function deleteFaq(db: Db, id: number, admin: AuthUser): Promise<void> {
  const before = await findFaq(db, id);
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('faq_items').where('id', '=', id).execute();
    await recordAudit(trx, { actorId: admin.id, action: 'delete', entity: 'faq', entityId: id, before });
  });
}
