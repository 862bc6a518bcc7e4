import type { Page } from '@playwright/test';
import { expect, test } from './fixtures/app-fixture';
import { addProfile } from './fixtures/profiles';
import { chatBehaviours } from '../src-main/test-support/wild-gateway/chat-behaviours';
import { startWildGateway, type WildGateway } from '../src-main/test-support/wild-gateway/server';

let gw: WildGateway;
test.beforeAll(async () => {
  gw = await startWildGateway(chatBehaviours);
});
test.afterAll(() => gw.close());

test('a reasoning model behind a wild gateway: Thinking streams open, then folds above the answer', async ({
  page,
}) => {
  await addProfile(page, { name: 'Wild reasoner', baseUrl: `${gw.origin}/v1`, use: true });

  await page.getByRole('tab', { name: 'Chat' }).click();
  // The wild gateway's model list has loaded, so it cannot replace the model typed next.
  await expect(page.getByLabel('Model')).toHaveValue(/^wild-/);
  await page.getByLabel('Model').fill('wild-reasoner');
  await page.getByLabel('Message').fill('What is 6 × 7?');
  await page.getByRole('button', { name: 'Send' }).click();

  // The reasoner thinks for a while before answering: the block is open meanwhile.
  const live = page.locator('article.live');
  await expect(live.getByRole('button', { name: /Thinking…/ })).toHaveAttribute('aria-expanded', 'true');
  await expect(live.getByText('Let me think.')).toBeVisible();

  const reply = page.getByRole('article', { name: 'Assistant' }).last();
  await expect(reply.getByLabel('Reply statistics')).toContainText(/thinking \d+\.\d s · first token/);
  await expect(reply.locator('.markdown')).toHaveText('The answer is 42.');
  const thought = reply.getByRole('button', { name: /Thought for \d+\.\d s/ });
  await expect(thought).toHaveAttribute('aria-expanded', 'false');
  await expect(reply.getByText('Let me think.')).toHaveCount(0);
  await thought.click();
  await expect(thought).toHaveAttribute('aria-expanded', 'true');
  await expect(reply.getByRole('region', { name: 'Thinking' })).toHaveText(
    'Let me think. Six times seven is 42.',
  );

  // The reasoning stayed out of what the gateway was sent.
  const sent = gw.requests.filter((r) => r.path === '/v1/chat/completions').at(-1)?.json as {
    messages: { content: string }[];
  };
  expect(sent.messages.map((m) => m.content)).toEqual(['What is 6 × 7?']);
});

test('a reply cut at the token limit continues in place; an edited question keeps the first as a version', async ({
  page,
}) => {
  await addProfile(page, { name: 'Wild long', baseUrl: `${gw.origin}/v1`, use: true });
  await page.getByRole('tab', { name: 'Chat' }).click();
  await expect(page.getByLabel('Model')).toHaveValue(/^wild-/);
  await page.getByLabel('Model').fill('wild-long');
  await page.getByLabel('Message').fill('What is 6 × 7?');
  await page.getByRole('button', { name: 'Send' }).click();

  const reply = page.getByRole('article', { name: 'Assistant' }).last();
  await expect(reply.getByRole('note')).toContainText('cut off at the token limit');
  await reply.getByRole('button', { name: 'Continue' }).click();
  await expect(reply.locator('.markdown')).toHaveText('Six times seven is 42.');
  await expect(reply.getByRole('note')).toHaveCount(0);
  await expect(page.getByRole('article', { name: 'Assistant' })).toHaveCount(1);

  // Edit the question: the new one is sent alone, the old exchange stays one click away.
  const question = page.getByRole('article', { name: 'You' });
  await question.getByRole('button', { name: 'Edit' }).click();
  await page.getByLabel('Edit your question').fill('What is 7 × 6?');
  await page.getByRole('button', { name: 'Send edited' }).click();
  const versions = question.getByRole('group', { name: 'Versions' });
  await expect(versions).toContainText('2/2');
  await expect(question.locator('.user-text')).toHaveText('What is 7 × 6?');
  await versions.getByRole('button', { name: 'Previous version' }).click();
  await expect(versions).toContainText('1/2');
  await expect(question.locator('.user-text')).toHaveText('What is 6 × 7?');
  await expect(reply.locator('.markdown')).toHaveText('Six times seven is 42.');

  // The versions are saved: they are there after a reload too.
  await page.reload();
  await page.getByRole('tab', { name: 'Chat' }).click();
  await page
    .getByRole('button', { name: /What is 6 × 7\?/ })
    .first()
    .click();
  await expect(
    page.getByRole('article', { name: 'You' }).getByRole('group', { name: 'Versions' }),
  ).toContainText('1/2');
});

/** Sends one question to the rate-limited model, which refuses the first request with a 429. */
async function askRateLimited(page: Page, question: string) {
  await page.getByRole('tab', { name: 'Chat' }).click();
  await expect(page.getByLabel('Model')).toHaveValue(/^wild-/);
  await page.getByLabel('Model').fill('wild-rate-limited');
  await page.getByLabel('Message').fill(question);
  await page.getByRole('button', { name: 'Send' }).click();
}

const sentTimes = (question: string) =>
  gw.requests.filter((r) => r.path === '/v1/chat/completions' && r.text.includes(question)).length;

test('a 429 with retry-after: 2 counts down, and Retry now sends the question again', async ({ page }) => {
  await addProfile(page, { name: 'Wild busy', baseUrl: `${gw.origin}/v1`, use: true });
  const question = 'Busy gateway, retried by hand?';
  await askRateLimited(page, question);

  const reply = page.getByRole('article', { name: 'Assistant' }).last();
  await expect(reply.getByRole('alert')).toContainText('Rate limited — retry in 2 s.');
  const retry = reply.getByRole('group', { name: 'Retry after the rate limit' });
  await expect(retry.getByRole('button', { name: /^Retry in [12] s$/ })).toBeDisabled();
  const now = retry.getByRole('button', { name: 'Retry now' });
  await expect(now).toBeEnabled();
  // The wait is over and automatic retry is off: the POST was sent once, never again unasked.
  expect(sentTimes(question)).toBe(1);

  await now.click();
  await expect(reply.locator('.markdown')).toHaveText('The answer is 42.');
  await expect(reply.getByRole('alert')).toHaveCount(0);
  expect(sentTimes(question)).toBe(2);
});

test('with "retry automatically" on, the reply is sent again by itself when the wait ends', async ({
  page,
}) => {
  await addProfile(page, { name: 'Wild patient', baseUrl: `${gw.origin}/v1`, use: true, autoRetry: true });
  const question = 'Busy gateway, retried automatically?';
  await askRateLimited(page, question);

  const reply = page.getByRole('article', { name: 'Assistant' }).last();
  await expect(reply.getByText(/Retrying automatically .* \(attempt 1 of 3\)/)).toBeVisible();
  await expect(reply.locator('.markdown')).toHaveText('The answer is 42.');
  expect(sentTimes(question)).toBe(2);
});
