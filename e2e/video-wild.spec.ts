import type { Page } from '@playwright/test';
import { startWildGateway, type WildGateway } from '../src-main/test-support/wild-gateway/server';
import {
  SAFETY_CODE,
  SAFETY_MESSAGE,
  videoBehaviours,
} from '../src-main/test-support/wild-gateway/video-behaviours';
import { expect, test } from './fixtures/app-fixture';
import { addProfile } from './fixtures/profiles';

// The app against a gateway that answers the way real video providers do (Seedance on Ark).
const SHOTS = process.env.VIDEO_SHOTS_DIR;
let gw: WildGateway;
test.beforeEach(async () => {
  gw = await startWildGateway(videoBehaviours());
});
test.afterEach(async () => {
  await gw.close();
});

async function useWildProfile(page: Page, baseUrl: string) {
  await addProfile(page, { name: 'Wild Ark', baseUrl, key: 'sk-wild-test', use: true });
  await expect(page.getByText('Active', { exact: true })).toBeVisible();
}

async function createTask(page: Page, prompt: string) {
  await page.getByLabel('Model').fill('doubao-seedance-1-0-pro-250528');
  await page.getByLabel('Prompt').fill(prompt);
  await page.getByRole('button', { name: 'Create video' }).click();
}

const card = (page: Page, prompt: string) => page.getByRole('listitem').filter({ hasText: prompt });

test('a content-safety failure is explained with the provider’s code; a queued task can be cancelled', async ({
  page,
}) => {
  await useWildProfile(page, `${gw.origin}/v1`);
  await page.getByRole('tab', { name: 'Video' }).click();

  await createTask(page, '[sensitive] a portrait from a family photo');
  const failed = card(page, 'a portrait from a family photo');
  await expect(failed.getByText('Failed', { exact: true })).toBeVisible({ timeout: 20_000 });
  await expect(failed.getByText(/content-safety check refused the input/)).toBeVisible();
  await expect(failed.getByText(SAFETY_MESSAGE)).toBeVisible();
  await expect(failed.getByText(`Code from the provider: ${SAFETY_CODE}`)).toBeVisible();

  await createTask(page, '[cancel] a slow sunrise');
  const queued = card(page, 'a slow sunrise');
  await expect(queued.getByText('Queued', { exact: true })).toBeVisible();
  await queued.getByRole('button', { name: 'Cancel task' }).click();
  await expect(queued.getByText(/the gateway may refuse/)).toBeVisible();
  await queued
    .getByRole('group', { name: 'Cancel task' })
    .getByRole('button', { name: 'Cancel task' })
    .click();
  await expect(queued.getByText('Cancelled', { exact: true })).toBeVisible();
  await expect(queued.getByText(/no video will be made/)).toBeVisible();
  await expect(queued.getByRole('button', { name: 'Cancel task' })).toHaveCount(0);
  expect(gw.requests.filter((r) => r.method === 'DELETE').map((r) => r.path)).toHaveLength(1);

  if (SHOTS) {
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await page.screenshot({ path: `${SHOTS}/video-wild-${scheme}.png` });
    }
  }
});
