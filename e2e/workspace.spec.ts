import { execFile, execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { expect, test } from './fixtures/app-fixture';
import { projectRoot } from './fixtures/app-process';

const run = promisify(execFile);
const hasCurl = (() => {
  try {
    execFileSync('curl', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

test('View code gives a Node program and a curl command that run against the Sandbox', async ({ page }) => {
  await expect(page.getByLabel('Model')).toHaveValue(/sandbox-chat/);
  // One message first: the Sandbox starts on first use, and its address goes into the code.
  await page.getByRole('textbox', { name: 'Message' }).fill('Hello');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: 'Send' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Message' }).fill('Say something about gateways');
  await page.getByRole('button', { name: 'View code' }).click();
  const dialog = page.getByRole('dialog', { name: 'Code for this request' });
  await expect(dialog).toBeVisible();

  const codeOf = async (language: 'curl' | 'Node') => {
    await dialog.getByRole('tab', { name: language }).click();
    return dialog.getByLabel(language, { exact: true }).innerText();
  };
  const node = await codeOf('Node');
  expect(node).toContain("import OpenAI from 'openai'");
  expect(node).toContain('process.env.GATEWAY_API_KEY');
  expect(node).not.toMatch(/sk-[A-Za-z0-9]/);
  const curl = await codeOf('curl');

  const dir = mkdtempSync(join(projectRoot, '.e2e-view-code-'));
  try {
    const env = { ...process.env, GATEWAY_API_KEY: 'sk-e2e-view-code' };
    writeFileSync(join(dir, 'chat.mjs'), node);
    const fromNode = await run(process.execPath, [join(dir, 'chat.mjs')], { env, timeout: 30_000 });
    expect(fromNode.stdout).toContain('gateways');
    if (hasCurl) {
      const fromCurl = await run('bash', ['-euo', 'pipefail', '-c', curl], { env, timeout: 30_000 });
      expect(fromCurl.stdout).toContain('data: [DONE]');
    } else console.warn('curl is not installed here: the curl command was not run');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
});

test('the log marks a stopped stream, shows its reply, exports HAR without the key and opens View code', async ({
  page,
}) => {
  await expect(page.getByLabel('Model')).toHaveValue(/sandbox-chat/);
  await page.getByRole('textbox', { name: 'Message' }).fill('Please write 20000 tokens about gateways');
  await page.keyboard.press('Enter');
  await expect(page.locator('article.live .markdown')).toContainText('Sandbox reply');
  await page.getByRole('button', { name: 'Stop' }).click();
  await expect(page.getByRole('button', { name: 'Send' })).toBeVisible();

  await page.getByRole('button', { name: 'Request log' }).click();
  const log = page.getByRole('complementary', { name: 'Request log' });
  // The filter finds it by the word its status column shows instead of 200.
  await log.getByRole('searchbox', { name: 'Filter the log' }).fill('stopped');
  const stopped = log.getByRole('button', { name: /POST\s*stopped/ });
  await expect(stopped).toHaveCount(1);
  await expect(log.getByRole('button', { name: /GET\s*200/ })).toHaveCount(0);
  await stopped.click();
  await expect(log.getByRole('status')).toContainText('Stopped by you after HTTP 200');
  const reply = log.getByRole('region', { name: 'Assembled reply' });
  await expect(reply).toContainText('Sandbox reply');
  await expect(reply).toContainText('no finish reason');

  const download = page.waitForEvent('download');
  await log.getByRole('button', { name: 'Export HAR' }).click();
  expect((await download).suggestedFilename()).toMatch(/^gatehouse-log-.*\.har$/);
  const text = readFileSync((await (await download).path())!, 'utf8');
  expect(text).not.toMatch(/sk-[A-Za-z0-9]/);
  const har = JSON.parse(text) as {
    log: {
      version: string;
      entries: {
        _state: string;
        request: { url: string; headers: { name: string; value: string }[]; postData?: { text: string } };
        response: { status: number };
      }[];
    };
  };
  expect(har.log.version).toBe('1.2');
  const chat = har.log.entries.find((e) => e._state === 'stopped')!;
  expect(chat.request.url).toMatch(/\/v1\/chat\/completions$/);
  expect(chat.response.status).toBe(200);
  expect(chat.request.postData?.text).toContain('20000 tokens about gateways');
  const auth = chat.request.headers.find((h) => h.name.toLowerCase() === 'authorization');
  expect(auth?.value).toBe('Bearer [redacted]');

  // View code from the entry: the app's dialog, with this call's body and the key from the environment.
  await log.getByRole('button', { name: 'View code' }).click();
  const dialog = page.getByRole('dialog', { name: 'Code for this request' });
  await expect(dialog).toBeVisible();
  // The address comes from the profiles, read again as the dialog opens: until that answer is in,
  // the Sandbox's address can still read as the placeholder it had before the Sandbox started.
  const code = dialog.getByLabel('curl', { exact: true });
  await expect(code).toContainText(/curl -sS -N 'http:\/\/127\.0\.0\.1:\d+\/v1\/chat\/completions'/);
  const curl = await code.innerText();
  expect(curl).toContain('20000 tokens about gateways');
  expect(curl).toContain('$GATEWAY_API_KEY');
  expect(curl).not.toMatch(/sk-[A-Za-z0-9]/);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(log).toBeVisible();
});

test('at 1024 × 700 the log is a drawer, Esc closes it, and nothing scrolls sideways', async ({ page }) => {
  await page.setViewportSize({ width: 1024, height: 700 });
  for (const tab of ['Chat', 'Media', 'Video', 'Judge', 'Settings']) {
    await page.getByRole('tab', { name: tab }).click();
    await page.waitForTimeout(200);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `${tab} scrolls sideways`).toBeLessThanOrEqual(0);
  }
  await page.getByRole('tab', { name: 'Chat' }).click();
  const composer = page.getByRole('textbox', { name: 'Message' });
  const before = await composer.boundingBox();
  await page.getByRole('button', { name: 'Request log' }).click();
  const log = page.getByRole('complementary', { name: 'Request log' });
  await expect(log).toBeVisible();
  // A drawer over the page: the chat column keeps its width.
  expect((await composer.boundingBox())?.width).toBe(before?.width);
  await composer.focus();
  await page.keyboard.press('Escape');
  await expect(log).toBeHidden();

  // Side panels fold to give the middle room, and stay folded after a reload.
  await page.getByRole('button', { name: 'Hide Conversations' }).click();
  const wider = await composer.boundingBox();
  expect(wider!.width).toBeGreaterThan(before!.width + 150);
  await page.reload();
  await expect(page.getByRole('button', { name: 'Show Conversations' })).toBeVisible();
  await page.getByRole('button', { name: 'Show Conversations' }).click();
});

test('the window speaks Simplified Chinese when chosen, and English again', async ({ page }) => {
  await page.getByRole('tab', { name: 'Settings' }).click();
  await page.getByLabel('Language').selectOption('zh-CN');
  // No reload: the window stays on Settings.
  await expect(page.getByRole('tab', { name: '设置', selected: true })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
  await page.getByRole('tab', { name: '对话' }).click();
  await expect(page.getByRole('heading', { name: '随便问点什么' })).toBeVisible();
  await page.getByRole('tab', { name: '设置' }).click();
  await page.getByLabel('语言').selectOption('en');
  await expect(page.getByRole('tab', { name: 'Settings', selected: true })).toBeVisible();
});

test('the chosen theme overrides the system’s and is kept across a reload', async ({ page }) => {
  const background = () => page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor);
  await page.emulateMedia({ colorScheme: 'light' });
  await page.getByRole('tab', { name: 'Settings' }).click();
  const light = await background();
  await page.getByLabel('Theme').selectOption('dark');
  await expect.poll(background).not.toBe(light);
  const dark = await background();
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  expect(await background()).toBe(dark);
  await page.getByRole('tab', { name: 'Settings' }).click();
  await page.getByLabel('Theme').selectOption('system');
  await expect.poll(background).toBe(light);
  // "As the system" follows the system as it changes.
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect.poll(background).toBe(dark);
  await page.emulateMedia({ colorScheme: 'light' });
});
