import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import sharp from 'sharp';

/**
 * Organisations of recicladores, at a phone's and a desktop's width: staff create an organisation
 * in the back office (a wrong NIT check digit is refused on its field, in Spanish), link an ECA
 * and name the demo point manager its coordinator; the coordinator finds it on their Contenedores
 * page, records a recycler with a photo (the data consent is required), opens the id card with its
 * photo and QR, and the card's public check says it is valid. Screenshots of each width go to test-results/e2e.
 *
 * Setup through the API (not the journey under test): the demo manager is made a manager of a
 * second ECA, since a coordinator must run one of the organisation's ECAs and the demo ECA
 * already belongs to the demo organisation.
 */
const PASSWORD = 'PuntoVerde2026!';
const STAFF = 'admin@demo.puntoverde.co';
const MANAGER = 'gestor@demo.puntoverde.co';

test.describe.configure({ mode: 'serial' });

function current(page: Page): Locator {
  return page.locator('.ion-page:not(.ion-page-hidden)').last();
}

async function login(page: Page, email: string): Promise<void> {
  await page.goto('/auth/login');
  await page.getByLabel(/correo/i).fill(email);
  await page
    .getByLabel(/contraseña/i)
    .first()
    .fill(PASSWORD);
  await page.getByRole('button', { name: 'Ingresar' }).click();
  await expect(page).not.toHaveURL(/\/auth\/login/);
}

async function logout(page: Page): Promise<void> {
  await page.evaluate(() => localStorage.clear());
}

async function bearer(page: Page): Promise<Record<string, string>> {
  const token = await page.evaluate(
    () => (JSON.parse(localStorage.getItem('currentUser') ?? '{}') as { token?: string }).token,
  );
  return { authorization: `Bearer ${token}` };
}

type Point = { id: number; name: string; managers: { id: number; email?: string }[] };

/** An ECA no organisation runs yet, made the demo manager's too; its id. */
async function ecaForTheManager(request: APIRequestContext, headers: Record<string, string>): Promise<number> {
  const points = (
    await (await request.get('/back/api/v1/admin/points?kind=eca&active=true&page_size=100', { headers })).json()
  ).data.items as Point[];
  const orgs = (await (await request.get('/back/api/v1/recyclers/organizations', { headers })).json()).data as {
    id: number;
  }[];
  const linked = new Set<number>();
  for (const org of orgs) {
    const detail = (await (await request.get(`/back/api/v1/recyclers/organizations/${org.id}`, { headers })).json())
      .data;
    for (const eca of detail.ecas as { point_id: number }[]) linked.add(eca.point_id);
  }
  const demoEca = points.find((p) => p.name.startsWith('ECA Laureles La 70'))!;
  const managerId = demoEca.managers[0]!.id;
  const free = points.find((p) => !linked.has(p.id))!;
  const res = await request.put(`/back/api/v1/admin/points/${free.id}/managers`, {
    headers,
    data: { user_ids: [...new Set([...free.managers.map((m) => m.id), managerId])] },
  });
  expect(res.status()).toBe(200);
  return free.id;
}

async function expectWithinWidth(page: Page, locator: Locator): Promise<void> {
  const box = await locator.boundingBox();
  expect(box).not.toBeNull();
  const width = page.viewportSize()?.width ?? 0;
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(width + 1);
}

for (const width of [390, 1366] as const) {
  test.describe(`recyclers at ${width} px`, () => {
    test.use({ viewport: { width, height: width < 600 ? 844 : 900 } });

    test('staff create an organisation and name its coordinator; the coordinator records a recycler and opens the card', async ({
      page,
    }) => {
      const suffix = `${width}-${Date.now() % 100000}`;
      const orgName = `Asociación Recicladores E2E ${suffix}`;

      // Staff, in the back office.
      await login(page, STAFF);
      const ecaId = await ecaForTheManager(page.request, await bearer(page));
      await page.goto('/admin');
      await current(page).getByRole('link', { name: 'Organizaciones de recicladores' }).click();
      await expect(page).toHaveURL(/\/admin\/recyclers$/);
      const admin = current(page);
      await admin.getByLabel('Nombre de la organización').fill(orgName);
      const nit = admin.getByLabel('NIT con dígito de verificación');
      await nit.fill('900.123.457-1');
      await admin.getByRole('button', { name: 'Crear organización' }).click();
      await expect(admin.getByText('El NIT no es válido: revisa el número y el dígito de verificación.')).toBeVisible();
      await expect(nit).toHaveAttribute('aria-invalid', 'true');
      // 900123457: DIAN check digit 6; a unique NIT per run from the base's last digits.
      const base = String(800_000_000 + (Date.now() % 10_000_000) * 10 + (width === 390 ? 1 : 2));
      const weights = [3, 7, 13, 17, 19, 23, 29, 37, 41];
      const sum = [...base].reverse().reduce((acc, d, i) => acc + Number(d) * weights[i]!, 0);
      const dv = sum % 11 <= 1 ? sum % 11 : 11 - (sum % 11);
      await nit.fill(`${base}-${dv}`);
      await admin.getByRole('button', { name: 'Crear organización' }).click();
      const card = admin.getByRole('listitem').filter({ hasText: orgName });
      await expect(card).toBeVisible();
      await card.getByLabel('ECA para vincular').selectOption(String(ecaId));
      await card.getByRole('button', { name: 'Vincular ECA' }).click();
      await expect(card).toContainText('1 ECA');
      await card.getByLabel('Correo del coordinador').fill(MANAGER);
      await card.getByRole('button', { name: 'Nombrar coordinador' }).click();
      await expect(card).toContainText(MANAGER);
      await expectWithinWidth(page, card);
      await page.screenshot({ path: `test-results/e2e/recyclers-${width}-admin.png` });
      await logout(page);

      // The coordinator: from Contenedores to the organisation.
      await login(page, MANAGER);
      await page.goto('/app/tabs/points');
      const points = current(page);
      await points.getByRole('link', { name: orgName }).click();
      await expect(page).toHaveURL(/\/app\/tabs\/recyclers\/\d+$/);
      const org = current(page);
      await expect(org).toContainText(orgName);
      await org.getByRole('button', { name: 'Registrar reciclador' }).click();
      await org.getByLabel('Número de documento').fill('1.017.234.567');
      await org.getByLabel('Nombre completo').fill('María Elena Gómez');
      await org.getByLabel('Fecha de nacimiento').fill('1975-04-12');
      await org.getByLabel('Fecha de expedición del documento').fill('1993-05-20');
      await org.getByLabel('Celular').fill('310 555 7788');
      await org.getByLabel('Vehículo').selectOption('carreta');
      const photo = await sharp({ create: { width: 480, height: 600, channels: 3, background: '#8d6e63' } })
        .jpeg()
        .toBuffer();
      await org
        .getByLabel('Elegir imagen', { exact: true })
        .setInputFiles({ name: 'maria.jpg', mimeType: 'image/jpeg', buffer: photo });
      await expect(org.getByRole('button', { name: 'Guardar reciclador' })).toBeEnabled();
      await org.getByRole('button', { name: 'Guardar reciclador' }).click();
      await expect(
        org.getByText('Confirma que el miembro autorizó el tratamiento de sus datos (Ley 1581 de 2012).'),
      ).toBeVisible();
      await org.getByLabel(/autorizó el tratamiento de sus datos/).check();
      await org.getByRole('button', { name: 'Guardar reciclador' }).click();
      await expect(org.getByText('María Elena Gómez quedó registrado.')).toBeVisible();
      await page.screenshot({ path: `test-results/e2e/recyclers-${width}-members.png` });

      // The id card, and its public check.
      await org.getByRole('link', { name: 'Carné de María Elena Gómez' }).click();
      await expect(page).toHaveURL(/\/members\/\d+\/card$/);
      const idCard = current(page).getByRole('article', { name: 'Carné de María Elena Gómez' });
      await expect(idCard).toContainText(orgName);
      await expect(idCard).toContainText('C.C. 1.017.234.567');
      await expect(idCard).toContainText('Miembro activo');
      await expect(idCard.getByRole('img', { name: 'Código QR para verificar este carné' })).toBeVisible();
      await expect(idCard.getByRole('img', { name: 'Foto de María Elena Gómez' })).toBeVisible();
      await expectWithinWidth(page, idCard);
      await page.screenshot({ path: `test-results/e2e/recyclers-${width}-card.png` });
      const link = (await idCard.textContent())!.match(/\/verificar-reciclador\/[A-Za-z0-9_-]{16}/)![0];
      await logout(page);
      await page.goto(link);
      const check = current(page);
      await expect(check.getByText('Carné vigente')).toBeVisible();
      await expect(check).toContainText('María Elena Gómez');
      await expect(check).toContainText(orgName);
      await expect(check.getByRole('img', { name: 'Foto de María Elena Gómez' })).toBeVisible();
      await page.goto('/verificar-reciclador/AAAAAAAAAAAAAAAA');
      await expect(current(page).getByText('Este carné no existe o el código está mal escrito.')).toBeVisible();
    });
  });
}
