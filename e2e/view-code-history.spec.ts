import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { expect, test } from './fixtures/app-fixture';
import { projectRoot } from './fixtures/app-process';
import { chooseFile } from './fixtures/choose-file';
import { encodePng } from '../src-main/sandbox/png-encoder';

const run = promisify(execFile);

/** A picture of one colour, as PNG bytes. */
function picture(width: number, height: number, rgb: [number, number, number]): Buffer {
  const pixels = new Uint8Array(width * height * 3);
  for (let p = 0; p < width * height; p++) pixels.set(rgb, p * 3);
  return encodePng(width, height, pixels);
}

test('View code of a three-turn conversation with an image holds every turn and the image, and its Node program runs', async ({
  page,
}) => {
  const dir = mkdtempSync(join(projectRoot, '.e2e-view-code-'));
  try {
    const png = picture(40, 30, [220, 30, 30]);
    writeFileSync(join(dir, 'red-square.png'), png);
    await expect(page.getByLabel('Model')).toHaveValue(/sandbox-chat/);
    const box = page.getByRole('textbox', { name: 'Message' });
    const send = page.getByRole('button', { name: 'Send' });

    await chooseFile(page.getByRole('button', { name: 'Attach files' }), join(dir, 'red-square.png'));
    await expect(
      page.getByRole('list', { name: 'Attached files' }).getByText('red-square.png'),
    ).toBeVisible();
    await box.fill('Turn one: what is in this picture?');
    await send.click();
    await expect(page.getByRole('article', { name: 'Assistant' }).last()).toContainText(
      'Image 1: PNG, 40×30 pixels',
    );
    await expect(send).toBeVisible();
    await box.fill('Turn two: and its colour?');
    await send.click();
    await expect(page.getByRole('article', { name: 'Assistant' })).toHaveCount(2);
    await expect(send).toBeVisible();
    await box.fill('Turn three: say it once more.');

    await page.getByRole('button', { name: 'View code' }).click();
    const dialog = page.getByRole('dialog', { name: 'Code for this request' });
    await expect(dialog).toContainText(
      'reads the attached images from the folder it runs in: red-square.png',
    );
    const codeOf = async (language: 'curl' | 'Python' | 'Node') => {
      await dialog.getByRole('tab', { name: language }).click();
      return dialog.getByLabel(language, { exact: true }).innerText();
    };
    const curl = await codeOf('curl');
    for (const turn of ['Turn one', 'Turn two', 'Turn three']) expect(curl).toContain(turn);
    expect(curl).toContain("base64 < 'red-square.png'");
    expect(curl).toContain('"type": "image_url"');
    expect(curl).not.toContain(png.toString('base64').slice(0, 40));
    expect(await codeOf('Python')).toContain('data_url("red-square.png", "image/png")');
    const node = await codeOf('Node');
    expect(node).toContain('dataUrl("red-square.png", "image/png")');

    // The program sends the whole conversation with the picture read from disk: the Sandbox
    // decodes every image part of the history (a broken one is a 400) and answers the third turn.
    writeFileSync(join(dir, 'chat.mjs'), node);
    const env = { ...process.env, GATEWAY_API_KEY: 'sk-e2e-view-code' };
    const { stdout } = await run(process.execPath, [join(dir, 'chat.mjs')], {
      cwd: dir,
      env,
      timeout: 30_000,
    });
    expect(stdout).toContain('Turn three: say it once more.');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
