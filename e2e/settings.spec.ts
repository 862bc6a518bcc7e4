import { expect, test } from './fixtures/app-fixture';
import { startSandboxProcess } from './fixtures/app-process';
import { addProfile } from './fixtures/profiles';

test('Test connection lists the models of the Sandbox', async ({ page }) => {
  await page.getByRole('tab', { name: 'Settings' }).click();
  await page.getByRole('button', { name: 'Test connection' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Connected in' })).toContainText(
    /\d+ models \(.*sandbox/,
  );
});

test('Test connection explains an unreachable gateway, and the profile is kept', async ({ page }) => {
  // A port nothing listens on: the sandbox process is started and stopped to find one.
  const gone = await startSandboxProcess();
  const url = gone.url;
  await gone.stop();
  await addProfile(page, { name: 'Local vLLM', baseUrl: url });
  await page.getByRole('button', { name: 'Test connection' }).click();
  // Named in plain words: the host and port, and that nothing listens there.
  await expect(page.getByRole('alert')).toContainText(
    `Nothing answered at ${new URL(url).host} (connection refused)`,
  );
  await expect(page.getByRole('alert')).not.toContainText('The gateway said');
  // Kept as typed: the base URL is used as the user wrote it (docs/architecture.md, "Profiles and addresses").
  await expect(page.getByLabel('Base URL')).toHaveValue(url);
});
