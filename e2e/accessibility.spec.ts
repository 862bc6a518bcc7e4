import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures/app-fixture';
import { join } from 'node:path';
import { projectRoot } from './fixtures/app-process';
import { fillToneQuestion } from './fixtures/judge-form';
import { chooseFile } from './fixtures/choose-file';

/**
 * Accessibility, in both themes: axe (WCAG 2.0/2.1 A and AA rules) on every tab with real
 * content in view and on every dialog, drawer, overlay and confirmation the app has; any serious
 * or critical violation fails. Every glyph-only button (✎ × ☆ ⤓ « ») must also carry a spoken
 * name with words in it and a tooltip, and a button named apart from its text must have a name
 * that holds that text. Each theme runs in one app, visiting every scene in turn, and the
 * findings of all scenes are reported together at the end.
 */

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const BLOCKING = new Set(['serious', 'critical']);

class Audit {
  /** Each problem once, with the scenes it was seen in (a shared button fails in many). */
  private readonly found = new Map<string, string[]>();

  constructor(
    private readonly page: Page,
    private readonly theme: string,
  ) {}

  get problems(): string[] {
    return [...this.found].map(
      ([problem, scenes]) => `[${this.theme}] ${problem}\n    seen in: ${scenes.join('; ')}`,
    );
  }

  /** Axe and the glyph-button check over the whole page as it stands, labelled `scene`. */
  async check(scene: string): Promise<void> {
    // Legacy mode runs axe in the page itself: no blank page is opened to merge frame results
    // (the app has no frames, and Electron cannot open one).
    const results = await new AxeBuilder({ page: this.page })
      .withTags(WCAG_TAGS)
      .setLegacyMode(true)
      .analyze();
    for (const v of results.violations) {
      if (!BLOCKING.has(v.impact ?? '')) continue;
      for (const n of v.nodes) {
        const why = n.failureSummary?.split('\n').slice(1).join(' ').trim() ?? '';
        this.add(
          `${v.id} (${v.impact}): ${v.help} at ${n.target.join(' ')}\n    ${why}\n    ${v.helpUrl}`,
          scene,
        );
      }
    }
    for (const b of await glyphButtonsLacking(this.page)) {
      this.add(`icon button "${b.text}" ${b.missing} (in ${b.where})`, scene);
    }
    for (const b of await namesWithoutTheirText(this.page)) {
      this.add(`button "${b.text}" is named "${b.name}", which does not hold its words (WCAG 2.5.3)`, scene);
    }
  }

  private add(problem: string, scene: string): void {
    const scenes = this.found.get(problem) ?? [];
    scenes.push(scene);
    this.found.set(problem, scenes);
  }

  report(): string {
    const problems = this.problems;
    return problems.length === 0
      ? 'no serious or critical accessibility problems'
      : `${problems.length} accessibility problem(s):\n${problems.join('\n')}`;
  }
}

/**
 * Visible buttons whose text has no letter or digit (✎ × ☆ ⤓ « ›) and that lack a name with
 * words (aria-label or aria-labelledby, since their text is only a glyph) or a `title` tooltip.
 */
function glyphButtonsLacking(page: Page) {
  return page.evaluate(() => {
    const words = /[\p{L}\p{N}]/u;
    const out: { text: string; missing: string; where: string }[] = [];
    for (const el of document.querySelectorAll<HTMLElement>('button, [role="button"]')) {
      if (el.getClientRects().length === 0) continue;
      // A picture's thumbnail is named by the picture, not an icon standing for an action.
      if (el.querySelector('img, video')) continue;
      const text = (el.textContent ?? '').trim();
      if (words.test(text)) continue;
      const labelledBy = (el.getAttribute('aria-labelledby') ?? '')
        .split(/\s+/)
        .map((id) => document.getElementById(id)?.textContent ?? '')
        .join(' ');
      const name = labelledBy.trim() || (el.getAttribute('aria-label') ?? '').trim();
      const missing = [
        words.test(name) ? '' : 'has no accessible name in words',
        (el.getAttribute('title') ?? '').trim() ? '' : 'has no title tooltip',
      ].filter(Boolean);
      if (missing.length === 0) continue;
      const where = el.closest('[aria-label]')?.getAttribute('aria-label') ?? el.className;
      out.push({ text, missing: missing.join(' and '), where });
    }
    return out;
  });
}

/**
 * Visible buttons with words whose name is set apart from them (aria-label, aria-labelledby) and
 * does not contain them: a speech user says what they see ("label in name", WCAG 2.5.3).
 */
function namesWithoutTheirText(page: Page) {
  return page.evaluate(() => {
    const norm = (s: string) =>
      s
        .replace(/^[^\p{L}\p{N}]+/u, '')
        .replace(/\s+/g, ' ')
        .trim()
        .toLowerCase();
    const out: { text: string; name: string }[] = [];
    for (const el of document.querySelectorAll<HTMLElement>('button, [role="button"]')) {
      if (el.getClientRects().length === 0) continue;
      const text = norm(el.textContent ?? '');
      if (!/[\p{L}\p{N}]/u.test(text)) continue;
      const labelledBy = (el.getAttribute('aria-labelledby') ?? '')
        .split(/\s+/)
        .filter(Boolean)
        .map((id) => document.getElementById(id)?.textContent ?? '')
        .join(' ');
      const name = norm(labelledBy || el.getAttribute('aria-label') || '');
      if (name && !name.includes(text)) out.push({ text, name });
    }
    return out;
  });
}

async function openTab(page: Page, name: string) {
  await page.getByRole('tab', { name, exact: true }).click();
  await expect(page.getByRole('tab', { name, exact: true })).toHaveAttribute('aria-selected', 'true');
}

async function chatScenes(page: Page, audit: Audit) {
  await expect(page.getByLabel('Model')).toHaveValue(/sandbox-chat/);
  await audit.check('chat, empty');
  await page.getByLabel('Message').fill('Compare two caches, with a table, the formula and a code sample.');
  await page.keyboard.press('Enter');
  await expect(page.locator('article.message.live')).toHaveCount(0, { timeout: 30_000 });
  const reply = page.getByRole('article', { name: 'Assistant' }).last();
  await expect(reply.locator('table')).toBeVisible();
  // Highlighted code and typeset math are what is read and seen once the page is idle.
  await expect(reply.locator('code[data-coloured]').first()).toBeAttached();
  await expect(reply.locator('.math[data-typeset]').first()).toBeAttached();
  // A second version of the reply brings the ‹ 1/2 › switcher.
  await reply.getByRole('button', { name: 'Regenerate' }).click();
  await expect(page.getByRole('group', { name: 'Versions' })).toBeVisible({ timeout: 30_000 });
  await expect(page.locator('article.message.live')).toHaveCount(0, { timeout: 30_000 });
  await expect(
    page.getByRole('article', { name: 'Assistant' }).last().locator('code[data-coloured]').first(),
  ).toBeAttached();
  await audit.check('chat, finished reply with table, math and code');

  await page.getByRole('article', { name: 'You' }).getByRole('button', { name: 'Edit' }).click();
  await audit.check('chat, editing a question');
  await page.getByRole('article', { name: 'You' }).getByRole('button', { name: 'Cancel' }).click();

  const list = page.getByRole('complementary', { name: 'Conversations' });
  await list.getByRole('button', { name: /^Export / }).click();
  await audit.check('chat, export choices of a conversation');
  await list.getByRole('button', { name: /^Rename / }).click();
  await audit.check('chat, renaming a conversation');
  await page.keyboard.press('Escape');
  await list.getByRole('button', { name: /^Delete / }).click();
  await audit.check('chat, delete confirmation');
  await list.getByRole('button', { name: 'Cancel' }).click();

  await page.getByLabel('Search conversations').fill('sandbox');
  await expect(page.getByRole('region', { name: 'Search results' }).locator('mark').first()).toBeVisible();
  await audit.check('chat, conversation search with hits');
  await page.getByLabel('Search conversations').fill('');

  await page.getByRole('button', { name: 'View code' }).first().click();
  await expect(page.getByRole('dialog', { name: 'Code for this request' })).toBeVisible();
  await audit.check('chat, View code dialog');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);

  await page.getByRole('button', { name: /^Hide Conversations/ }).click();
  await audit.check('chat, side panel folded to a rail');
  await page.getByRole('button', { name: /^Show Conversations/ }).click();

  // Variables and a preset in the parameters panel.
  const params = page.getByRole('complementary', { name: 'Parameters' });
  await params.getByLabel('System prompt').fill('Answer in {{lang}}.');
  await params.getByRole('button', { name: 'Save as preset' }).click();
  await params.getByLabel('Preset name').fill('French');
  await params.getByLabel('Preset name').press('Enter');
  await expect(params.getByRole('button', { name: 'French', exact: true })).toBeVisible();
  await audit.check('chat, variables and presets');

  // Side by side, with finished columns.
  await page.getByRole('button', { name: 'Side by side' }).click();
  const compare = page.getByRole('region', { name: 'Side by side' });
  await compare.getByRole('textbox', { name: 'Prompt for every column' }).fill('Hi');
  await compare.getByRole('button', { name: 'Send to all' }).click();
  await expect(compare.getByRole('button', { name: 'Continue with this' })).toHaveCount(2, {
    timeout: 30_000,
  });
  await audit.check('chat, side by side');
  await compare.getByRole('button', { name: 'Back to the conversation' }).click();
}

async function logScenes(page: Page, audit: Audit) {
  await page.getByRole('button', { name: 'Request log' }).click();
  const log = page.getByRole('complementary', { name: 'Request log' });
  await log.locator('button.log-summary').first().click();
  await expect(log.getByRole('button', { name: 'Copy as curl' })).toBeVisible();
  await audit.check('request log column, an entry open');
  // Below 1280 px the log is a drawer over the page.
  await page.setViewportSize({ width: 1024, height: 700 });
  await audit.check('request log drawer, an entry open');
  await page.keyboard.press('Escape');
  await expect(log).toHaveCount(0);
  await page.setViewportSize({ width: 1280, height: 800 });
}

async function mediaScenes(page: Page, audit: Audit) {
  await openTab(page, 'Media');
  await page.getByRole('tab', { name: 'Images' }).click();
  await page.getByLabel('Prompt').fill('A red lighthouse at dusk');
  await page.getByLabel('Size').selectOption('256x256');
  await page.getByRole('button', { name: 'Generate' }).click();
  const open = page.getByRole('button', { name: 'Open image 1 of “A red lighthouse at dusk”' });
  await expect(open).toBeVisible({ timeout: 30_000 });
  await audit.check('media, images with a result');
  await open.click();
  await expect(page.getByRole('dialog', { name: 'Image viewer' })).toBeVisible();
  await audit.check('media, image viewer');
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Delete “A red lighthouse at dusk”' }).click();
  await audit.check('media, delete an image: confirmation');
  await page.getByRole('button', { name: 'Cancel' }).click();
  await page.getByRole('button', { name: 'Clear history' }).click();
  await audit.check('media, clear history: confirmation');
  await page.getByRole('button', { name: 'Cancel' }).click();
  // A model the gateway does not know: its error as the form shows it.
  await page.getByLabel('Model').fill('no-such-image-model');
  await page.getByRole('button', { name: 'Generate' }).click();
  await expect(page.getByRole('alert')).toBeVisible();
  await audit.check('media, an error from the gateway');
  await page.getByLabel('Model').fill('sandbox-image-1');

  await page.getByRole('tab', { name: 'Speech' }).click();
  await page.getByLabel('Text').fill('Hello from the Gatehouse sandbox.');
  await page.getByRole('button', { name: 'Speak' }).click();
  await expect(page.getByLabel(/^Audio player for “Hello from the Gatehouse/)).toBeVisible({
    timeout: 30_000,
  });
  await audit.check('media, speech with a clip');

  await page.getByRole('tab', { name: 'Embeddings' }).click();
  await page
    .getByLabel('Inputs (one per line)')
    .fill('The cat sat on the mat\nA cat sat on a mat\nQuarterly tax report');
  await page.getByRole('button', { name: 'Embed' }).click();
  await expect(page.getByRole('group', { name: 'Cosine similarity' })).toBeVisible({ timeout: 30_000 });
  await page.getByText('Similarity values as a table').click();
  await audit.check('media, embeddings with a result');
}

async function videoScenes(page: Page, audit: Audit) {
  await openTab(page, 'Video');
  await page.getByLabel('Prompt').fill('A lighthouse at dusk, slow pan');
  await page.getByLabel('Duration (seconds)').fill('5');
  await page.getByRole('button', { name: 'Create video' }).click();
  const task = page.getByRole('listitem').filter({ hasText: 'A lighthouse at dusk, slow pan' });
  await expect(task).toBeVisible();
  await audit.check('video, a task running');
  await expect(task.getByText('Succeeded')).toBeVisible({ timeout: 30_000 });
  await expect(task.getByLabel(/^Video of task/)).toBeVisible({ timeout: 30_000 });
  await task.getByText('Raw reply from the gateway').click();
  await audit.check('video, a finished task');
  await task.getByRole('button', { name: /^Remove task/ }).click();
  await audit.check('video, remove confirmation');
  await task.getByRole('button', { name: 'Cancel' }).click();
  await page.getByRole('button', { name: 'View code' }).first().click();
  await audit.check('video, View code dialog');
  await page.keyboard.press('Escape');
}

async function judgeScenes(page: Page, audit: Audit) {
  await openTab(page, 'Judge');
  await expect(page.getByLabel('Set name')).toBeVisible();
  await audit.check('judge, a new set');
  await page.getByLabel('Set name').fill('Support review');
  await fillToneQuestion(page);
  await page.getByRole('button', { name: 'Save set' }).click();
  await expect(page.getByText(/^Saved\./)).toBeVisible();
  await page
    .getByRole('textbox', { name: 'State', exact: true })
    .fill('The customer was angry and shouted about the late delivery.');
  await page.getByRole('button', { name: 'Run judgement' }).click();
  await expect(page.getByRole('article', { name: 'Answer to tone' })).toBeVisible({ timeout: 30_000 });
  await audit.check('judge, a run with its charts');
  // Unsaved edits, then "+ New set": the leave dialog.
  await page.getByLabel('Set name').fill('Support review, edited');
  await page.getByRole('button', { name: '+ New set' }).click();
  await expect(page.getByRole('alertdialog')).toBeVisible();
  await audit.check('judge, leave with unsaved edits');
  await page.getByRole('alertdialog').getByRole('button', { name: 'Cancel' }).click();
  const sets = page.getByRole('complementary', { name: 'Question sets' });
  await sets.getByRole('button', { name: /^Delete / }).click();
  await audit.check('judge, delete a set: confirmation');
  await sets.getByRole('button', { name: 'Cancel' }).click();
  // Importing the set's own export again: the name is taken, so the app asks what to do.
  await sets.getByRole('button', { name: 'Export Support review' }).click();
  const exported = (await sets.getByText(/^Exported to /).innerText()).replace(/^Exported to /, '');
  await chooseFile(page.getByRole('button', { name: 'Import a question set (JSON file)' }), exported);
  await expect(page.getByRole('alertdialog', { name: 'Name already used' })).toBeVisible();
  await audit.check('judge, import clash question');
  await page.getByRole('alertdialog').getByRole('button', { name: 'Cancel' }).click();
}

/** The judge workbench on the sample set: its cases, a run and its grid, agreement, drift, code. */
async function workbenchScenes(page: Page, audit: Audit) {
  const samples = join(projectRoot, 'resources/samples');
  await chooseFile(
    page.getByRole('button', { name: 'Import a question set (JSON file)' }),
    join(samples, 'support-replies.question-set.json'),
  );
  // The set open before has unsaved edits (the judge scenes left them): opening the import asks.
  await page
    .getByRole('alertdialog', { name: 'Unsaved changes' })
    .getByRole('button', { name: 'Discard changes' })
    .click();
  await expect(page.getByLabel('Set name')).toHaveValue('Support reply review');
  await page.getByRole('tab', { name: 'Test cases' }).click();
  await expect(page.getByText('No test cases yet')).toBeVisible();
  await audit.check('workbench, no test cases yet');
  await page.getByRole('button', { name: 'Import…' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Import test cases' });
  await chooseFile(
    dialog.getByRole('button', { name: 'File (CSV, JSONL or JSON) Choose file…' }),
    join(samples, 'support-replies.cases.jsonl'),
  );
  await expect(dialog.getByRole('button', { name: 'Import 300 cases' })).toBeEnabled();
  await audit.check('workbench, import preview');
  await dialog.getByRole('button', { name: 'Import 300 cases' }).click();
  await dialog.getByRole('button', { name: 'Close' }).last().click();
  await page.getByText('Customer: I was charged twice', { exact: false }).first().click();
  await expect(page.getByRole('dialog', { name: /^Test case / })).toBeVisible();
  await audit.check('workbench, cases grid with the editor');
  await page.keyboard.press('Escape');

  await page.getByRole('tab', { name: 'Batch runs' }).click();
  await page.getByLabel('Concurrency').fill('8');
  await page.getByRole('button', { name: 'Prepare run and estimate' }).click();
  await expect(page.getByRole('button', { name: 'Start', exact: true })).toBeVisible();
  await audit.check('workbench, a run before it starts (estimate)');
  await page.getByRole('button', { name: 'Start', exact: true }).click();
  await expect(page.getByText('judge-1.13.0 · Done')).toBeVisible({ timeout: 60_000 });
  await audit.check('workbench, a finished run with its results grid');
  await page.getByRole('button', { name: 'Open case 1', exact: true }).click();
  await expect(page.getByRole('dialog', { name: 'Case 1' })).toBeVisible();
  await audit.check('workbench, one case in the run charts');
  await page.keyboard.press('Escape');

  await page.getByRole('tab', { name: 'Agreement' }).click();
  await expect(page.getByRole('article', { name: 'Agreement of offers_refund' })).toBeVisible();
  await audit.check('workbench, agreement with the labels');
  await page.getByRole('tab', { name: 'Drift' }).click();
  await page.getByRole('button', { name: 'Run on judge-preview' }).click();
  await expect(page.getByRole('heading', { name: /^Flipped cases: / })).toBeVisible({ timeout: 60_000 });
  await audit.check('workbench, drift between two versions');
  await page.getByRole('button', { name: 'Code with thresholds' }).click();
  await expect(page.getByRole('dialog', { name: 'The question set as code' })).toBeVisible();
  await audit.check('workbench, the set as code');
  await page.keyboard.press('Escape');
}

async function settingsScenes(page: Page, audit: Audit) {
  await openTab(page, 'Settings');
  await audit.check('settings');
  await page.getByRole('button', { name: '+ Add profile' }).click();
  await audit.check('settings, add profile form');
  await page.getByLabel('Name').fill('Elsewhere');
  await page.getByLabel('Kind').selectOption('openai-compatible');
  await page.getByLabel('Base URL').fill('https://gateway.example.com/v1');
  await page.getByRole('button', { name: 'Save profile' }).click();
  await expect(page.getByRole('heading', { name: 'Elsewhere' })).toBeVisible();
  await audit.check('settings, a second profile');
  await page.getByRole('button', { name: 'Delete profile' }).click();
  await audit.check('settings, delete profile confirmation');
}

for (const theme of ['light', 'dark'] as const) {
  test(`every tab and dialog passes axe and names its icon buttons (${theme})`, async ({ page }) => {
    test.setTimeout(240_000);
    await page.emulateMedia({ colorScheme: theme });
    const audit = new Audit(page, theme);
    try {
      await chatScenes(page, audit);
      await logScenes(page, audit);
      await mediaScenes(page, audit);
      await videoScenes(page, audit);
      await judgeScenes(page, audit);
      await workbenchScenes(page, audit);
      await settingsScenes(page, audit);
    } finally {
      // A scene that cannot be reached still leaves what the earlier scenes found in the output.
      if (audit.problems.length > 0) console.log(audit.report());
    }
    expect(audit.problems, audit.report()).toEqual([]);
  });
}
