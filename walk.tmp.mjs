import { chromium } from '@playwright/test';
const base = 'http://127.0.0.1:3100';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
async function as(email, w = 412, h = 915) {
  const ctx = await browser.newContext({ viewport: { width: w, height: h }, locale: 'es-CO', timezoneId: 'America/Bogota' });
  const page = await ctx.newPage();
  const errors = [];
  page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
  page.on('response', (r) => { if (r.status() >= 400 && !r.url().includes('tile')) errors.push(`${r.status()} ${r.url()}`); });
  if (email) {
    const res = await page.request.post(`${base}/back/api/clientes/login`, { data: { username: email, password: 'PuntoVerde2026!', playerId: '' } });
    const { data } = await res.json();
    await page.addInitScript((u) => localStorage.setItem('currentUser', JSON.stringify(u)), data);
  }
  return { page, errors, ctx };
}
const shots = [
  ['hogar@demo.puntoverde.co', '/app/tabs/reports', 'reports-household'],
  ['empresa@demo.puntoverde.co', '/app/tabs/reports', 'reports-company'],
  ['gestor@demo.puntoverde.co', '/app/tabs/points', 'containers-manager'],
  ['admin@demo.puntoverde.co', '/admin', 'admin-home'],
  ['hogar@demo.puntoverde.co', '/notifications', 'notifications'],
  [null, '/map/1', 'point-visitor'],
  ['hogar@demo.puntoverde.co', '/app/tabs/request/new', 'request-form'],
];
for (const [email, url, name] of shots) {
  const { page, errors, ctx } = await as(email);
  await page.goto(base + url, { waitUntil: 'networkidle' });
  await page.waitForTimeout(2000);
  await page.screenshot({ path: `/tmp/shots/${name}.png`, fullPage: false });
  console.log(name, errors.length ? errors.slice(0, 5).join(' | ') : 'no errors');
  await ctx.close();
}
// Company: Mis cifras tab
{
  const { page, errors, ctx } = await as('empresa@demo.puntoverde.co', 1280, 800);
  await page.goto(base + '/app/tabs/reports', { waitUntil: 'networkidle' });
  await page.getByRole('tab', { name: 'Mis cifras' }).click();
  await page.waitForTimeout(2500);
  await page.screenshot({ path: '/tmp/shots/figures-company.png', fullPage: false });
  await page.getByRole('tab', { name: 'Certificados' }).click();
  await page.waitForTimeout(1500);
  await page.screenshot({ path: '/tmp/shots/certs-company.png', fullPage: false });
  console.log('figures', errors.length ? errors.slice(0, 5).join(' | ') : 'no errors');
  await ctx.close();
}
await browser.close();
