import {chromium} from '@playwright/test';
const browser = await chromium.launch({executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking']});
const shots = [
  ['old-light', 'http://localhost:4473/help/docs/api/2023-01/order', 1280, ''],
  ['old-dark', 'http://localhost:4473/help/docs/api/2023-01/order?docusaurus-theme=dark', 1280, ''],
  ['old-phone', 'http://localhost:4473/help/docs/api/2023-01/order', 390, ''],
  ['latest-order', 'http://localhost:4473/help/docs/api/order', 1280, '#order-object-status'],
  ['changelog', 'http://localhost:4473/help/docs/api/changelog', 1280, '#every-difference'],
  ['changelog-dark', 'http://localhost:4473/help/docs/api/changelog?docusaurus-theme=dark', 1280, '#differences-rate-limit-headers'],
];
for (const [name, url, width, anchor] of shots) {
  const page = await browser.newPage({viewport: {width, height: 900}});
  await page.goto(url + anchor);
  await page.locator('html[data-has-hydrated="true"]').waitFor();
  if (name === 'old-light') { await page.getByRole('button', {name: /^2023-01/}).hover(); await page.waitForTimeout(300); }
  await page.screenshot({path: `/tmp/shot-${name}.png`});
  await page.close();
}
await browser.close();
