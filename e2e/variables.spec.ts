import { expect, test } from './fixtures/app-fixture';

test('placeholders get a field each, fill what is sent, and a preset brings the settings back in one click', async ({
  page,
}) => {
  await expect(page.getByLabel('Model', { exact: true })).toHaveValue(/sandbox-chat/);
  const params = page.getByRole('complementary', { name: 'Parameters' });
  const variables = params.getByRole('group', { name: 'Variables' });
  await expect(variables).toContainText('Write {{name}}');

  await params.getByLabel('System prompt').fill('Answer in {{lang}}.');
  await page.getByRole('textbox', { name: 'Message' }).fill('Say {{word}} and {{unset}}');
  await variables.getByLabel('{{lang}}').fill('French');
  await variables.getByLabel('{{word}}').fill('harbour');
  await expect(variables.getByLabel('{{unset}}')).toHaveValue('');

  await page.getByRole('textbox', { name: 'Message' }).press('Enter');
  const log = page.getByRole('log', { name: 'Messages' });
  // The question keeps its placeholders; the Sandbox echoes what it was sent: filled, the empty one as written.
  await expect(log.getByRole('article', { name: 'You' })).toHaveText(/Say \{\{word\}\} and \{\{unset\}\}/);
  await expect(log.getByRole('article', { name: 'Assistant' })).toContainText('Say harbour and {{unset}}', {
    timeout: 30_000,
  });

  // Save the settings as a preset, change them, and put them back with one click.
  const presets = params.getByRole('group', { name: 'Presets' });
  await presets.getByRole('button', { name: 'Save as preset' }).click();
  await presets.getByLabel('Preset name').fill('French replies');
  await presets.getByLabel('Preset name').press('Enter');
  await expect(presets.getByRole('button', { name: 'French replies', exact: true })).toBeVisible();
  await params.getByLabel('System prompt').fill('Something else');
  await params.getByLabel('Temperature').fill('1.5');
  await page.reload();
  await params
    .getByRole('group', { name: 'Presets' })
    .getByRole('button', { name: 'French replies', exact: true })
    .click();
  await expect(params.getByLabel('System prompt')).toHaveValue('Answer in {{lang}}.');
  await expect(params.getByLabel('Temperature')).toHaveValue('');
  await expect(params.getByRole('group', { name: 'Variables' }).getByLabel('{{lang}}')).toHaveValue('French');

  // Deleting asks first, in the preset's row.
  await presets.getByRole('button', { name: 'Delete preset French replies' }).click();
  await expect(
    presets.getByText('Delete the preset French replies? Its settings cannot be restored.'),
  ).toBeVisible();
  await presets.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(presets.getByRole('button', { name: 'French replies', exact: true })).toHaveCount(0);
});
