import { expect, test, type APIRequestContext } from '@playwright/test';
import { revealWhenVisible } from './when-visible';
import sharp from 'sharp';

/**
 * PQR journey against the real server with demo data: an anonymous citizen files a queja
 * with a photo on `help`, gets the radicado and tracks it; staff answers it in the back office;
 * the citizen opens the link of the e-mail and sees the answer, and both e-mails are in the outbox.
 */
const ADMIN = 'admin@demo.puntoverde.co';
const PASSWORD = 'PuntoVerde2026!';
const stamp = Date.now().toString(36);
const citizenEmail = `ciudadana.${stamp}@example.com`;
const subject = `Contenedor lleno en el parque ${stamp}`;
const answerText = 'Vaciamos el contenedor el mismo día y aumentamos la recolección a tres veces por semana.';

type OutboxEntry = { to: string; subject: string; text: string; html: string | null };

async function outbox(request: APIRequestContext): Promise<OutboxEntry[]> {
  const res = await request.get('/back/api/dev/outbox');
  expect(res.ok()).toBeTruthy();
  return ((await res.json()) as { data: OutboxEntry[] }).data;
}

test.describe.configure({ mode: 'serial' });

let radicado = '';

test('an anonymous citizen files a queja with a photo, gets the radicado and tracks it', async ({ page, request }) => {
  await page.goto('/help');
  const pqr = page.getByRole('region', { name: 'Peticiones, quejas y reclamos (PQR)' });
  // The forms come with the page, below the guide and the FAQ.
  await revealWhenVisible(page);
  await expect(pqr.getByRole('tab', { name: 'Radicar PQR' })).toBeVisible();
  await expect(pqr.getByRole('tab', { name: 'Radicar PQR' })).toHaveAttribute('aria-selected', 'true');

  await pqr.getByLabel('Tipo de solicitud').selectOption('queja');
  await pqr.getByLabel('Asunto').fill(subject);
  await pqr
    .getByLabel('Describe tu solicitud')
    .fill('El contenedor de aprovechables del parque de Laureles lleva una semana lleno y dejan bolsas en el piso.');
  const photo = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#5d8a3a' } })
    .jpeg()
    .toBuffer();
  await pqr
    .getByLabel('Elegir archivos')
    .setInputFiles({ name: 'contenedor.jpg', mimeType: 'image/jpeg', buffer: photo });
  await expect(pqr.getByText('contenedor.jpg')).toBeVisible();
  await expect(pqr.getByText('Listo')).toBeVisible();

  await pqr.getByLabel('Nombre completo o razón social').fill('Ana María Pérez');
  await pqr.getByLabel('Número de documento').fill('1020304050');
  await pqr.getByLabel('Correo electrónico', { exact: true }).fill(citizenEmail);
  await pqr.getByLabel(/Autorizo el tratamiento de mis datos/).check();
  await expect(
    pqr.getByText(/Si radicas ahora, te responderemos a más tardar el \d{1,2} de \w+ de \d{4} \(15 días hábiles\)/),
  ).toBeVisible();
  await pqr.getByRole('button', { name: 'Radicar PQR' }).click();

  await expect(pqr.getByRole('heading', { name: '¡Radicamos tu PQR!' })).toBeVisible();
  radicado = (await pqr.getByTestId('pqr-radicado').textContent())?.trim() ?? '';
  expect(radicado).toMatch(/^PQR-\d{4}-\d{6}$/);
  await expect(pqr.getByText(/Te responderemos a más tardar el/)).toBeVisible();

  await pqr.getByRole('button', { name: 'Consultar el estado' }).click();
  const card = pqr.getByRole('article', { name: `PQR ${radicado}` });
  await expect(card).toBeVisible();
  await expect(card.getByText('Radicada', { exact: true })).toBeVisible();
  await card.getByText('Tu solicitud').click();
  await expect(card.getByRole('link', { name: 'Imagen 1' })).toBeVisible();

  const filed = (await outbox(request)).find(
    (m) => m.to === citizenEmail && m.subject === `Recibimos tu PQR · ${radicado}`,
  );
  expect(filed?.text).toMatch(/Te responderemos a más tardar el \d{1,2} de \w+ de \d{4}/);
});

test('staff answers the PQR from the back office', async ({ page }) => {
  expect(radicado).not.toBe('');
  await page.goto('/auth/login');
  await page.getByLabel(/correo/i).fill(ADMIN);
  await page
    .getByLabel(/contraseña/i)
    .first()
    .fill(PASSWORD);
  await page.getByRole('button', { name: 'Ingresar' }).click();
  await expect(page).not.toHaveURL(/\/auth\/login/);

  await page.goto('/admin/pqr');
  await page.getByRole('searchbox', { name: 'Buscar' }).fill(radicado);
  await page.getByRole('button', { name: 'Buscar', exact: true }).click();
  const row = page.getByRole('row').filter({ hasText: radicado });
  await expect(row.getByText('A tiempo')).toBeVisible();
  await row.getByRole('link', { name: radicado }).click();

  // Ionic keeps the inbox page in the DOM behind the detail: look inside the detail only.
  const detail = page.locator('.pqr-admin-detail');
  await expect(detail.getByRole('heading', { name: radicado, level: 2 })).toBeVisible();
  await expect(detail.getByText(subject)).toBeVisible();
  await detail.getByLabel('Respuesta', { exact: true }).fill(answerText);
  await detail.getByRole('button', { name: 'Enviar respuesta' }).click();
  await expect(page.locator('#main-content').getByText('Respuesta enviada al peticionario.')).toBeVisible();
  await expect(detail.locator('.pqr-card-header').getByText('Respondida')).toBeVisible();
});

test('the citizen follows the e-mail link, sees the answer, and the answer e-mail is in the outbox', async ({
  page,
  request,
}) => {
  const mails = await outbox(request);
  const filed = mails.find((m) => m.subject === `Recibimos tu PQR · ${radicado}`);
  const link = /https?:\/\/\S+\/help\?radicado=\S+/.exec(filed?.text ?? '')?.[0];
  expect(link).toBeTruthy();
  await page.goto(new URL(link!).pathname + new URL(link!).search);

  const pqr = page.getByRole('region', { name: 'Peticiones, quejas y reclamos (PQR)' });
  await expect(pqr.getByLabel('Número de radicado')).toHaveValue(radicado);
  await pqr.getByLabel('Correo electrónico', { exact: true }).fill(citizenEmail);
  await pqr.getByRole('button', { name: 'Consultar', exact: true }).click();
  const card = pqr.getByRole('article', { name: `PQR ${radicado}` });
  await expect(card.getByText('Respondida', { exact: true })).toBeVisible();
  await expect(card.getByText(answerText)).toBeVisible();

  const answered = mails.find((m) => m.to === citizenEmail && m.subject === `Respondimos tu PQR · ${radicado}`);
  expect(answered?.text).toContain(answerText);
  expect(answered?.html).toContain(answerText);
});

test('the PQR form comes with the help page: Tab from the FAQ reaches it without scrolling or waiting', async ({
  page,
}) => {
  await page.goto('/help');
  await expect(page.locator('#boot')).toHaveCount(0);
  // Well before the idle moment (5 s after start-up) that used to bring it.
  await expect(page.getByRole('tab', { name: 'Radicar PQR' })).toBeAttached({ timeout: 3000 });
  await expect(page.getByLabel('Asunto')).toBeAttached();
});
