import { chromium } from 'playwright';
import { chromiumLaunchOptions } from './tools/chromium.mjs';

const base = 'http://127.0.0.1:3905';
const browser = await chromium.launch({ ...chromiumLaunchOptions(), headless: true });
async function token(email) {
  const r = await fetch(`${base}/api/users/authenticate`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password: 'demo1234' }) });
  return (await r.json()).access_token;
}
const adminToken = await token('admin@demo.local');
const lifts = await (await fetch(`${base}/api/lifts/getByPagination?page=1&pageSize=1`, { headers: { authorization: `Bearer ${adminToken}` } })).json();
const liftId = (lifts.lifts ?? lifts.items ?? lifts.data ?? [])[0]?.id;
console.log('lift', liftId, Object.keys(lifts));
for (const lang of ['de', 'en']) {
  for (const width of [360, 1280]) {
    const context = await browser.newContext({ viewport: { width, height: 900 }, locale: lang === 'de' ? 'de-DE' : 'en-GB' });
    await context.addInitScript(([t, l]) => { localStorage.setItem('access_token', t); localStorage.setItem('lift-portal.language', l); }, [adminToken, lang]);
    const page = await context.newPage();
    for (const [name, path] of [['analytics', '/apps/dashboards/analytics'], ['dashboard', '/apps/dashboards/my-devices'], ['lift', `/apps/lift/lifts/${liftId}`], ['lifts', '/apps/lift/lifts']]) {
      await page.goto(base + path);
      await page.waitForTimeout(3500);
      await page.screenshot({ path: `/tmp/an-shots/${name}-${lang}-${width}.png`, fullPage: true });
    }
    if (width === 1280) {
      await page.goto(`${base}/apps/lift/lifts/${liftId}`);
      await page.waitForTimeout(2500);
      await page.getByRole('button', { name: lang === 'de' ? 'Besuch eintragen' : 'Record a visit' }).click();
      await page.waitForTimeout(800);
      await page.screenshot({ path: `/tmp/an-shots/visit-dialog-${lang}.png` });
    }
    await context.close();
  }
}
await browser.close();
