import { ZAboutPage, type AboutPage, type FaqItem, type ZAboutPageInput, type ZFaqInput } from '@puntoverde/contract';
import type { z } from 'zod';
import type { Db } from '../../db/dialect.js';
import { AppError } from '../../lib/app-error.js';
import type { AuthUser } from '../../lib/auth-user.js';
import { recordAudit } from '../admin/audit.service.js';
import * as repo from './content.repository.js';

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
  const row = await repo.findSetting(db, ABOUT_SETTING_KEY);
  if (!row) return { ...DEFAULT_ABOUT, updated_at: null };
  const parsed = ZAboutPage.omit({ updated_at: true }).safeParse(JSON.parse(row.value));
  return parsed.success ? { ...parsed.data, updated_at: row.updated_at } : { ...DEFAULT_ABOUT, updated_at: row.updated_at };
}

export async function saveAboutPage(db: Db, input: z.output<typeof ZAboutPageInput>, admin: AuthUser): Promise<AboutPage> {
  const before = await getAboutPage(db);
  await db.transaction().execute(async (trx) => {
    await repo.saveSetting(trx, ABOUT_SETTING_KEY, JSON.stringify(input));
    await recordAudit(trx, { actorId: admin.id, action: 'update', entity: 'about', entityId: null, before, after: input });
  });
  return getAboutPage(db);
}

function toFaq(r: repo.FaqRow): FaqItem {
  return { id: r.id, question: r.question, answer: r.answer, position: r.position, published: r.published === 1, updated_at: r.updated_at };
}

export async function listFaq(db: Db, options: { includeUnpublished?: boolean } = {}): Promise<FaqItem[]> {
  const rows = await repo.findFaqItems(db, options.includeUnpublished === true);
  return rows.map(toFaq);
}

async function findFaq(db: Db, id: number): Promise<FaqItem> {
  const row = await repo.findFaqItem(db, id);
  if (!row) throw new AppError('not-found', { message: 'No encontramos esa pregunta.' });
  return toFaq(row);
}

function faqValues(input: z.output<typeof ZFaqInput>): repo.FaqValues {
  return { ...input, published: input.published ? 1 : 0 };
}

export async function createFaq(db: Db, input: z.output<typeof ZFaqInput>, admin: AuthUser): Promise<FaqItem> {
  const id = await db.transaction().execute(async (trx) => {
    const newId = await repo.insertFaqItem(trx, faqValues(input));
    await recordAudit(trx, { actorId: admin.id, action: 'create', entity: 'faq', entityId: newId, after: input });
    return newId;
  });
  return findFaq(db, id);
}

export async function updateFaq(db: Db, id: number, input: z.output<typeof ZFaqInput>, admin: AuthUser): Promise<FaqItem> {
  const before = await findFaq(db, id);
  await db.transaction().execute(async (trx) => {
    await repo.updateFaqItem(trx, id, faqValues(input));
    await recordAudit(trx, { actorId: admin.id, action: 'update', entity: 'faq', entityId: id, before, after: input });
  });
  return findFaq(db, id);
}

export async function deleteFaq(db: Db, id: number, admin: AuthUser): Promise<void> {
  const before = await findFaq(db, id);
  await db.transaction().execute(async (trx) => {
    await repo.deleteFaqItem(trx, id);
    await recordAudit(trx, { actorId: admin.id, action: 'delete', entity: 'faq', entityId: id, before });
  });
}
