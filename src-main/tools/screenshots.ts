import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { chromium, type Page } from 'playwright';
import { startApp } from '../bench/window/app-process';
import { SAMPLE_SET_NAME, seedJudgeSample, seedSecondProfile } from './screenshot-seed';
import { showAttachments } from './screenshot-attachments';

/**
 * `npm run screenshots [-- --out DIR --only chat,judge]`: every tab of the built app in browser
 * mode on the Sandbox, at the smallest supported window and a large one, light and dark, in
 * each language. Needs a built renderer and Chromium (`CHROMIUM_PATH`, else Debian's).
 */
const here = dirname(fileURLToPath(import.meta.url));
const projectRoot = resolve(here, '../..');
const { values } = parseArgs({
  options: {
    out: { type: 'string', default: join(tmpdir(), 'gatehouse-screenshots') },
    only: { type: 'string' },
    locales: { type: 'string', default: 'en' },
  },
});
const SIZES = [
  { name: '1024', width: 1024, height: 700 },
  { name: '1600', width: 1600, height: 1000 },
];
const SCHEMES = ['light', 'dark'] as const;

interface Scene {
  name: string;
  /** Brings the page to what the picture shows; runs once per page, before each shot. */
  show(page: Page): Promise<void>;
}

/** Tabs and controls are found by id and role, not by their words: the pictures are taken in each language. */
const tab = (id: string) => async (page: Page) => {
  await page.locator(`#tab-${id}`).click();
  await page.waitForTimeout(300);
};
const logToggle = (page: Page) => page.locator('.topbar-right button[aria-pressed]');

/** Back from side by side to the conversation, if a scene left it open. */
async function closeCompare(page: Page) {
  if ((await page.locator('.compare').count()) > 0) await page.locator('.compare-head button').last().click();
}

/** The sample set (seeded below) opened in the Judge tab, on one of its views. */
const judgeView = (view: string, then?: (page: Page) => Promise<void>) => async (page: Page) => {
  // A case dialog left open by the review scene would cover the tabs.
  if ((await page.locator('.runs-dialog').count()) > 0) await page.keyboard.press('Escape');
  await tab('judge')(page);
  await page.locator('.judge-layout .sidebar').getByText(SAMPLE_SET_NAME).first().click();
  await page.locator(`#judge-view-${view}`).click();
  await page.waitForTimeout(800);
  await then?.(page);
};

const SCENES: Scene[] = [
  {
    name: 'chat',
    show: async (page) => {
      await tab('chat')(page);
      await closeCompare(page);
      // One conversation for all the pictures: asked on the first page, opened on the others.
      if ((await page.locator('.conv-open').count()) > 0) {
        await page.locator('.conv-open').first().click();
        await page.waitForTimeout(500);
        return;
      }
      const box = page.locator('.composer textarea');
      await box.fill(
        'Compare three ways to cache HTTP responses, with a table, the formula and a code sample.',
      );
      await box.press('Enter');
      await page.waitForFunction(() => !document.querySelector('article.message.live'), undefined, {
        timeout: 60_000,
      });
    },
  },
  {
    // Two images and a text file on the composer, and a sent question's thumbnails.
    name: 'chat-attachments',
    show: async (page) => {
      await tab('chat')(page);
      await closeCompare(page);
      await showAttachments(page);
    },
  },
  {
    // The response format editor open with a JSON schema (the Sandbox's replies are not asked for).
    name: 'chat-schema',
    show: async (page) => {
      await tab('chat')(page);
      await page.locator('#param-format').selectOption('json_schema');
      await page.locator('#param-format-schema').scrollIntoViewIfNeeded();
      await page.waitForTimeout(600);
    },
  },
  {
    // The panel's Tools section with one function defined (its schema checked by main).
    name: 'chat-tools',
    show: async (page) => {
      await tab('chat')(page);
      await closeCompare(page);
      const tools = page.locator('details.tools-params');
      if (!(await tools.getAttribute('open'))) await tools.locator('summary').click();
      if ((await page.locator('#tool-0-name').count()) === 0) {
        await tools.getByRole('button', { name: /Add function|添加函数/ }).click();
        await page.locator('#tool-0-name').fill('get_weather');
        await page.locator('#tool-0-description').fill('Current weather for a city');
        await page
          .locator('#tool-0-parameters')
          .fill(
            '{\n  "type": "object",\n  "properties": { "city": { "type": "strin" } },\n  "required": ["city"]\n}',
          );
        await page.locator('#tool-0-mock').fill('{"temp": 21, "sky": "clear"}');
      }
      await page.locator('#tool-0-name').scrollIntoViewIfNeeded();
      await page.waitForTimeout(600);
    },
  },
  {
    name: 'chat-log',
    show: async (page) => {
      await tab('chat')(page);
      await logToggle(page).click();
      await page.waitForTimeout(300);
    },
  },
  {
    name: 'chat-compare',
    show: async (page) => {
      await tab('chat')(page);
      await page.locator('.compare-toggle').click();
      const box = page.locator('.compare textarea');
      await box.fill('Explain HTTP caching with a table and a code sample.');
      await box.press('Enter');
      await page.waitForFunction(() => !document.querySelector('.compare-col .danger'), undefined, {
        timeout: 60_000,
      });
    },
  },
  {
    // Four panes, each on a profile of its own (a second profile is seeded below): the profile
    // and model of every pane readable at 1024 px, one model list open.
    name: 'chat-compare-4',
    show: async (page) => {
      await tab('chat')(page);
      if ((await page.locator('.compare').count()) === 0) await page.locator('.compare-toggle').click();
      const add = page.locator('.compare-head button').first();
      while ((await page.locator('.compare-col').count()) < 4) await add.click();
      await page.locator('.compare-col select').nth(3).selectOption({ index: 1 });
      const box = page.locator('.compare textarea');
      await box.fill('Name three lighthouses.');
      await box.press('Enter');
      await page.waitForFunction(() => !document.querySelector('.compare-col .danger'), undefined, {
        timeout: 60_000,
      });
      await page.locator('.compare-col .picker-toggle').nth(2).click();
      await page.waitForTimeout(300);
    },
  },
  { name: 'media', show: tab('media') },
  { name: 'video', show: tab('video') },
  { name: 'judge', show: tab('judge') },
  { name: 'judge-cases', show: judgeView('cases') },
  {
    name: 'judge-runs',
    show: judgeView('runs', async (page) => {
      await page.locator('.runs-item').last().click();
      await page.waitForTimeout(800);
    }),
  },
  {
    // The results grid with the seeded marks in its Review column, scrolled to it.
    name: 'judge-review-grid',
    show: judgeView('runs', async (page) => {
      await page.locator('.runs-item').last().click();
      await page.waitForTimeout(800);
      await page.locator('.grid-review').first().scrollIntoViewIfNeeded();
      await page.waitForTimeout(300);
    }),
  },
  {
    // The review of a run's results: marks in the grid, and case 1's review panel.
    name: 'judge-review',
    show: judgeView('runs', async (page) => {
      await page.locator('.runs-item').last().click();
      await page.waitForTimeout(800);
      await page.getByRole('button', { name: /^(Open case 1|打开用例 1)$/ }).click();
      await page.locator('.review-panel').scrollIntoViewIfNeeded();
      await page.waitForTimeout(300);
    }),
  },
  { name: 'judge-agreement', show: judgeView('agreement') },
  {
    name: 'judge-agreement-noul',
    show: judgeView('agreement', async (page) => {
      // The first noul question's card: ROC, precision–recall with the threshold slider.
      await page.locator('.agreement-card:has(input[type=range])').first().scrollIntoViewIfNeeded();
      await page.waitForTimeout(300);
    }),
  },
  { name: 'judge-drift', show: judgeView('drift') },
  {
    // Revisions compared: the sample's first criteria edited and saved (the same text each time,
    // so later pictures save nothing new), then the previous revision against the latest.
    name: 'judge-revisions',
    show: judgeView('questions', async (page) => {
      await page
        .locator('.judge-question textarea')
        .first()
        .fill("Does the agent's reply fully resolve the customer's problem, or say when it will be?");
      await page.getByRole('button', { name: /^(Save set|保存问题集)$/ }).click();
      await page.waitForTimeout(500);
      const toggle = page.getByRole('button', { name: /^(Revisions|修订版本)$/ });
      if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
      await page.locator('.judge-revision-diff ins').first().waitFor();
      await page.locator('.judge-revision-diff').scrollIntoViewIfNeeded();
      await page.waitForTimeout(300);
    }),
  },
  {
    // "Is the difference real?": the paired statistics of the sample's two judge versions.
    name: 'judge-drift-stats',
    show: judgeView('drift', async (page) => {
      await page.locator('.drift-stats').scrollIntoViewIfNeeded();
      await page.waitForTimeout(300);
    }),
  },
  { name: 'settings', show: tab('settings') },
  {
    // A new profile's form with the Portkey preset applied: the connection fields filled in.
    name: 'settings-profile',
    show: async (page) => {
      await tab('settings')(page);
      await page
        .getByRole('button', { name: /Add profile|添加配置/ })
        .first()
        .click();
      await page.locator('#profile-host').fill('https://api.portkey.ai/v1');
      await page.locator('.connection-fields button', { hasText: 'Portkey' }).click();
      await page.waitForTimeout(300);
    },
  },
  {
    // A saved profile behind a company proxy that trusts the company's CA (the tests' own CA file).
    name: 'settings-network',
    show: async (page) => {
      await tab('settings')(page);
      await page
        .getByRole('button', { name: /Add profile|添加配置/ })
        .first()
        .click();
      await page.locator('#profile-name').fill('Corp');
      await page.locator('#profile-host').fill('https://gateway.corp.example/v1');
      await page.locator('#profile-proxy').selectOption('url');
      await page.locator('#profile-proxy ~ input').fill('http://ann:secret@proxy.corp.example:3128');
      await page
        .locator('.file-picker input[type=file]')
        .last()
        .setInputFiles(join(projectRoot, 'src-main/test-support/tls/test-ca.pem'));
      await page.locator('form button[type=submit]').click();
      await page.waitForTimeout(500);
      await page.locator('#profile-proxy').scrollIntoViewIfNeeded();
      await page.waitForTimeout(300);
    },
  },
];

const dataDir = mkdtempSync(join(tmpdir(), 'gatehouse-shots-'));
const app = await startApp(projectRoot, dataDir);
await seedJudgeSample(app, projectRoot);
await seedSecondProfile(app);
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
mkdirSync(values.out, { recursive: true });
try {
  const wanted = values.only?.split(',');
  for (const locale of values.locales.split(',')) {
    for (const size of SIZES) {
      for (const scheme of SCHEMES) {
        const page = await browser.newPage({
          viewport: { width: size.width, height: size.height },
          colorScheme: scheme,
          locale,
        });
        await page.goto(app.url);
        for (const scene of SCENES) {
          if (wanted && !wanted.includes(scene.name)) continue;
          await scene.show(page);
          const file = join(
            values.out,
            `${scene.name}-${size.name}-${scheme}${locale === 'en' ? '' : `-${locale}`}.png`,
          );
          await page.screenshot({ path: file });
          console.log(file);
          // The log, once opened, stays for the next scenes only where a scene opens it.
          if ((await logToggle(page).getAttribute('aria-pressed')) === 'true') await logToggle(page).click();
        }
        await page.close();
      }
    }
  }
} finally {
  await browser.close();
  await app.close();
  rmSync(dataDir, { recursive: true, force: true });
}
