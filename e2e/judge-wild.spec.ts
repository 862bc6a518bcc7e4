import { judgeBehaviours, WILD_JUDGE_KEY } from '../src-main/test-support/wild-gateway/judge-behaviours';
import { startWildGateway, type WildGateway } from '../src-main/test-support/wild-gateway/server';
import { expect, test } from './fixtures/app-fixture';
import { fillToneQuestion } from './fixtures/judge-form';
import { addProfile } from './fixtures/profiles';

let gw: WildGateway;
test.beforeAll(async () => {
  gw = await startWildGateway(judgeBehaviours);
});
test.afterAll(() => gw.close());

test('a 413 from a System One-style judge names the limit, the amount over and the request id', async ({
  page,
}) => {
  await addProfile(page, { name: 'System One', baseUrl: `${gw.origin}/v1`, key: WILD_JUDGE_KEY, use: true });

  await page.getByRole('tab', { name: 'Judge' }).click();
  await page.getByLabel('Set name').fill('Long calls');
  await fillToneQuestion(page);
  await page.getByRole('button', { name: 'Save set' }).click();
  await expect(page.getByText(/^Saved\./)).toBeVisible();

  // Over 32,768 by the estimate, so the window asks first; the wild judge answers 413.
  await page
    .getByRole('textbox', { name: 'State', exact: true })
    .fill(`[wild:413] ${'word '.repeat(36_000)}`);
  await page.getByLabel('Send anyway (the gateway may refuse it)').check();
  await page.getByRole('button', { name: 'Run judgement' }).click();

  const alert = page.getByRole('alert');
  await expect(alert).toContainText(
    /The state plus the longest question \(“tone”\) is about [\d,]+ tokens, [\d,]+ over the judge’s limit of 32,768\. Shorten the state\./,
  );
  await expect(alert).toContainText('The gateway said: “Request exceeds the token limit”');
  await expect(alert).toContainText(/Request id: wild-req-\d+/);
  await expect(alert).toContainText('(HTTP 413)');
  await expect(page.getByLabel('Set name')).toHaveValue('Long calls');

  // The same id is in the request log entry, for a support ticket.
  const id = /Request id: (wild-req-\d+)/.exec((await alert.textContent()) ?? '')?.[1];
  await page.getByRole('button', { name: 'Request log' }).click();
  await page
    .getByRole('button', { name: /POST.*systemone/ })
    .last()
    .click();
  await expect(page.getByText(`Gateway request id: ${id}`)).toBeVisible();
});
