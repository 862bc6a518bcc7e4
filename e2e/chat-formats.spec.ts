import { expect, test } from './fixtures/app-fixture';

import type { Locator, Page } from '@playwright/test';

/*
 * Issue 25's "Done when" for structured outputs, tools and token probabilities, tried as a
 * user would on the Sandbox (its triggers: src-main/sandbox/README.md; the features:
 * docs/architecture.md "Structured outputs", "Tools", "Token probabilities").
 */

/** Replies on a loaded machine: a generous wait, still far below the test's own timeout. */
const REPLY = { timeout: 30_000 };

/** A test that restarts the app starts it twice: room for both on a loaded machine. */
const WITH_RESTART_MS = 120_000;

const CITY_SCHEMA = JSON.stringify(
  {
    type: 'object',
    properties: {
      city: { type: 'string' },
      population: { type: 'integer' },
    },
    required: ['city', 'population'],
    additionalProperties: false,
  },
  null,
  2,
);

const WEATHER_PARAMETERS = JSON.stringify(
  {
    type: 'object',
    properties: {
      city: { type: 'string' },
      unit: { type: 'string', enum: ['celsius', 'fahrenheit'] },
    },
    required: ['city', 'unit'],
  },
  null,
  2,
);

/** The model list loads after the page does; a user waits for the model field to fill in too. */
async function modelReady(page: Page) {
  await expect(page.getByLabel('Model')).toHaveValue(/sandbox-chat/);
}

async function send(page: Page, text: string) {
  await page.getByRole('textbox', { name: 'Message' }).fill(text);
  await page.getByRole('button', { name: 'Send' }).click();
}

/** The newest finished assistant message (the live one is busy and has no statistics yet). */
function lastReply(page: Page): Locator {
  return page.getByRole('log', { name: 'Messages' }).getByRole('article', { name: 'Assistant' }).last();
}

/** Picks "JSON schema" and types a schema named `name`, then waits for main to accept it. */
async function askForSchema(page: Page, name: string, schema: string) {
  await page.getByLabel('Response format', { exact: true }).selectOption({ label: 'JSON schema' });
  await page.getByLabel('Schema name').fill(name);
  await page.getByLabel('Schema (JSON Schema)').fill(schema);
  await expect(page.getByText('A valid JSON Schema.')).toBeVisible();
}

interface FunctionDraft {
  name: string;
  description: string;
  parameters: string;
}

const GET_WEATHER: FunctionDraft = {
  name: 'get_weather',
  description: 'The weather now in a city',
  parameters: WEATHER_PARAMETERS,
};

/**
 * Adds functions in the Tools section, each in its own "Function N" group, and waits until the
 * panel holds them all as valid (main found no problem in their parameters).
 */
async function defineFunctions(page: Page, functions: FunctionDraft[]) {
  await page.getByText('Tools (function calling)', { exact: true }).click();
  for (const [i, fn] of functions.entries()) {
    await page.getByRole('button', { name: 'Add function' }).click();
    const fields = page.getByRole('group', { name: `Function ${i + 1}` });
    await fields.getByLabel('Function name').fill(fn.name);
    await fields.getByLabel('Description', { exact: true }).fill(fn.description);
    await fields.getByLabel('Parameters (JSON Schema)').fill(fn.parameters);
    await expect(
      fields.getByText('A JSON Schema object; leave empty for a function without parameters.'),
    ).toBeVisible();
  }
  // The section counts the functions it sends, which it does once every one is valid.
  await expect(page.getByText(`Tools (${functions.length})`, { exact: true })).toBeVisible();
}

test.describe('structured outputs', () => {
  test('a JSON-schema reply shows formatted, with a Raw toggle, and is checked valid', async ({
    app,
    page,
  }) => {
    test.setTimeout(WITH_RESTART_MS);
    await modelReady(page);
    await askForSchema(page, 'city_report', CITY_SCHEMA);
    await send(page, 'Name a harbour city and its population');

    const reply = lastReply(page);
    const check = reply.getByRole('note', { name: 'JSON check' });
    await expect(check).toHaveText('The reply is valid JSON and matches the schema “city_report”.', REPLY);

    const views = reply.getByRole('group', { name: 'Show the reply as' });
    const formatted = views.getByRole('button', { name: 'Formatted' });
    const raw = views.getByRole('button', { name: 'Raw' });
    await expect(formatted).toHaveAttribute('aria-pressed', 'true');
    // Formatted: indented over several lines, and an instance of the schema.
    const pretty = reply.getByText(/^\{\n {2}"city": "/);
    await expect(pretty).toBeVisible();
    const shown = JSON.parse(await pretty.innerText()) as Record<string, unknown>;
    expect(Object.keys(shown).sort()).toEqual(['city', 'population']);
    expect(typeof shown.city).toBe('string');
    expect(Number.isInteger(shown.population)).toBe(true);

    // Raw: the text as the model wrote it, the same JSON on one line.
    await raw.click();
    await expect(raw).toHaveAttribute('aria-pressed', 'true');
    await expect(pretty).toBeHidden();
    await expect(reply.getByText(JSON.stringify(shown), { exact: true })).toBeVisible();
    await formatted.click();
    await expect(pretty).toBeVisible();

    // The check is saved with the message: after a restart the reply reads the same.
    await app.restart();
    const again = app.page;
    await again.getByRole('button', { name: 'Name a harbour city and its population', exact: true }).click();
    const saved = lastReply(again);
    await expect(saved.getByRole('note', { name: 'JSON check' })).toHaveText(
      'The reply is valid JSON and matches the schema “city_report”.',
    );
    await expect(saved.getByText(/^\{\n {2}"city": "/)).toHaveText(JSON.stringify(shown, null, 2));
  });

  test('a reply that breaks the schema shows the violation at its JSON path', async ({ page }) => {
    await modelReady(page);
    await askForSchema(page, 'city_report', CITY_SCHEMA);
    // The Sandbox gives the first required property ("city") a value of the wrong type.
    await send(page, 'Name a harbour city [sandbox:break-schema]');

    const check = lastReply(page).getByRole('note', { name: 'JSON check' });
    await expect(check).toContainText('The reply does not match the schema “city_report”:', REPLY);
    const violations = check.getByRole('listitem');
    await expect(violations).toHaveCount(1);
    await expect(violations).toHaveText('/city must be string');
    // The reply still parses, so it is still offered formatted.
    await expect(lastReply(page).getByRole('button', { name: 'Formatted' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  });
});

test.describe('tools', () => {
  test('a tool call is answered by hand and the model answers with the result', async ({ page }) => {
    await modelReady(page);
    await defineFunctions(page, [GET_WEATHER]);
    await send(page, 'What is the weather in Lisbon?');

    const card = lastReply(page).getByRole('group', { name: 'Tool call get_weather' });
    await expect(card).toBeVisible(REPLY);
    await expect(card.getByText('get_weather', { exact: true })).toBeVisible();
    // The arguments, pretty-printed, are an instance of the parameters, and the card says so.
    await expect(card.getByText(/"city": "/)).toBeVisible();
    await expect(card.getByText(/"unit": "(celsius|fahrenheit)"/)).toBeVisible();
    await expect(card.getByText('Arguments match the parameters schema.')).toBeVisible();

    const sendResults = lastReply(page).getByRole('button', { name: 'Send results' });
    await expect(sendResults).toBeDisabled();
    await expect(lastReply(page).getByText('Every call needs a result.')).toBeVisible();
    await card.getByLabel('Result of get_weather').fill('{"temperature": 19, "sky": "clear"}');
    await expect(sendResults).toBeEnabled();
    await sendResults.click();

    const log = page.getByRole('log', { name: 'Messages' });
    await expect(log.getByRole('article', { name: 'Tool result · get_weather' })).toContainText(
      '{"temperature": 19, "sky": "clear"}',
    );
    const answer = lastReply(page);
    await expect(answer).toContainText('using the tool results', REPLY);
    await expect(answer).toContainText('The tool get_weather returned: {"temperature": 19, "sky": "clear"}');
    await expect(answer.getByLabel('Reply statistics')).toBeVisible();
    // The conversation is complete: the question, the call, its result and the answer, in order.
    await expect(log.getByRole('article')).toHaveCount(4);
    await expect(log.getByRole('article', { name: 'Assistant' })).toHaveCount(2);
    // The call is marked answered; sending again would make another version.
    await expect(log.getByRole('button', { name: 'Send results again' })).toBeVisible();
  });

  test('arguments that break the parameters are flagged at their path on the card', async ({ page }) => {
    await modelReady(page);
    await defineFunctions(page, [GET_WEATHER]);
    await send(page, 'What is the weather in Lisbon? [sandbox:break-schema]');

    const card = lastReply(page).getByRole('group', { name: 'Tool call get_weather' });
    const verdict = card.getByRole('note');
    await expect(verdict).toContainText('Arguments do not match the parameters schema:', REPLY);
    await expect(verdict.getByRole('listitem')).toHaveText(['/city: must be string']);
  });

  test('parallel calls show one card each, and all must be answered before sending', async ({ page }) => {
    await modelReady(page);
    await defineFunctions(page, [GET_WEATHER]);
    await send(page, 'Compare the weather in Lisbon and Porto [sandbox:parallel]');

    const reply = lastReply(page);
    const cards = reply.getByRole('group', { name: 'Tool call get_weather' });
    await expect(cards).toHaveCount(2, REPLY);
    for (const card of await cards.all())
      await expect(card.getByText('Arguments match the parameters schema.')).toBeVisible();

    const sendResults = reply.getByRole('button', { name: 'Send results' });
    await cards.nth(0).getByLabel('Result of get_weather').fill('Lisbon: 21 °C, sunny');
    // One answer of two is not enough.
    await expect(sendResults).toBeDisabled();
    await expect(reply.getByText('Every call needs a result.')).toBeVisible();
    await cards.nth(1).getByLabel('Result of get_weather').fill('Porto: 16 °C, rain');
    await expect(sendResults).toBeEnabled();
    await sendResults.click();

    const log = page.getByRole('log', { name: 'Messages' });
    const results = log.getByRole('article', { name: 'Tool result · get_weather' });
    await expect(results).toHaveText([/Lisbon: 21 °C, sunny/, /Porto: 16 °C, rain/]);
    const answer = lastReply(page);
    await expect(answer).toContainText('The tool get_weather returned: Lisbon: 21 °C, sunny', REPLY);
    await expect(answer).toContainText('The tool get_weather returned: Porto: 16 °C, rain');
  });

  test('two functions called at once, their fragments streamed interleaved, each get a whole card', async ({
    page,
  }) => {
    await modelReady(page);
    await defineFunctions(page, [
      GET_WEATHER,
      {
        name: 'get_local_time',
        description: 'The time now in a time zone',
        parameters: JSON.stringify({
          type: 'object',
          properties: { zone: { type: 'string' }, seconds: { type: 'boolean' } },
          required: ['zone', 'seconds'],
        }),
      },
    ]);
    // Two functions: both are called at once; the trigger alternates their argument fragments.
    await send(page, 'Weather and local time in Lisbon [sandbox:interleave]');

    const reply = lastReply(page);
    const weather = reply.getByRole('group', { name: 'Tool call get_weather' });
    const time = reply.getByRole('group', { name: 'Tool call get_local_time' });
    await expect(weather).toBeVisible(REPLY);
    await expect(time).toBeVisible();
    // Assembled by index: each call's arguments are whole JSON of its own function.
    await expect(weather.getByText(/"unit": "(celsius|fahrenheit)"/)).toBeVisible();
    await expect(time.getByText(/"seconds": (true|false)/)).toBeVisible();
    await expect(weather.getByText('Arguments match the parameters schema.')).toBeVisible();
    await expect(time.getByText('Arguments match the parameters schema.')).toBeVisible();

    await weather.getByLabel('Result of get_weather').fill('14 °C and windy');
    await time.getByLabel('Result of get_local_time').fill('09:30');
    await reply.getByRole('button', { name: 'Send results' }).click();
    const answer = lastReply(page);
    await expect(answer).toContainText('The tool get_weather returned: 14 °C and windy', REPLY);
    await expect(answer).toContainText('The tool get_local_time returned: 09:30');
  });
});

test.describe('token probabilities', () => {
  test('the Probabilities view opens and shows a token’s probability and alternatives', async ({
    app,
    page,
  }) => {
    test.setTimeout(WITH_RESTART_MS);
    await modelReady(page);
    await page.getByText('More controls', { exact: true }).click();
    await page.getByLabel('Token probabilities (logprobs)').check();
    await page.getByLabel('Alternatives per token (top_logprobs)').fill('3');
    await send(page, 'Tell me about lighthouses');

    const reply = lastReply(page);
    await expect(reply.getByLabel('Reply statistics')).toBeVisible(REPLY);
    await reply.getByRole('button', { name: 'Probabilities' }).click();
    await expect(reply.getByRole('button', { name: 'Probabilities' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );

    const heat = reply.getByRole('listbox', { name: 'Token probabilities of the reply' });
    const tokens = heat.getByRole('option');
    await expect(tokens.first()).toBeVisible();
    expect(await tokens.count()).toBeGreaterThan(5);
    await expect(
      reply.getByText('Hover over or focus a token to see its probability and alternatives.'),
    ).toBeVisible();

    // Each token is named by its text and probability; hovering shows the same with alternatives.
    const first = tokens.first();
    const [word, percent] = splitName(await first.getAttribute('aria-label'));
    await first.hover();
    await expect(reply.getByText(chosenLine(word, percent))).toBeVisible();
    const alternatives = reply.getByRole('table', { name: 'Alternatives' });
    // top_logprobs 3: the chosen token first, then the alternatives the model weighed.
    await expect(alternatives.getByRole('row')).toHaveCount(3);
    await expect(alternatives.getByRole('row').first()).toHaveText(
      new RegExp(`^␣*${escape(word)}␣*\\s*${escape(percent)}$`),
    );

    // The keyboard reaches the same: focus the list, move to the next token.
    await first.focus();
    await page.keyboard.press('ArrowRight');
    const second = tokens.nth(1);
    await expect(second).toBeFocused();
    await expect(second).toHaveAttribute('aria-selected', 'true');
    const [word2, percent2] = splitName(await second.getAttribute('aria-label'));
    await expect(reply.getByText(chosenLine(word2, percent2))).toBeVisible();
    await expect(alternatives.getByRole('row')).toHaveCount(3);

    // The probabilities are saved with the message: the view opens the same after a restart.
    const count = await tokens.count();
    await app.restart();
    const again = app.page;
    await again.getByRole('button', { name: 'Tell me about lighthouses', exact: true }).click();
    const saved = lastReply(again);
    await saved.getByRole('button', { name: 'Probabilities' }).click();
    const savedTokens = saved
      .getByRole('listbox', { name: 'Token probabilities of the reply' })
      .getByRole('option');
    await expect(savedTokens).toHaveCount(count);
    await expect(savedTokens.nth(1)).toHaveAttribute('aria-label', `${word2}, ${percent2}`);
    await savedTokens.nth(1).hover();
    await expect(saved.getByRole('table', { name: 'Alternatives' }).getByRole('row')).toHaveCount(3);
  });
});

/** A token option's name, "{token}, {percent}", as its two parts. */
function splitName(label: string | null): [string, string] {
  const match = /^(.*), (\d+(?:\.\d)?\s?%)$/.exec(label ?? '');
  if (!match) throw new Error(`A token option should be named "token, percent"; it was ${label}`);
  return [match[1], match[2]];
}

/**
 * The detail's headline for a token: “token”: percent. The option's name says a token's words,
 * the detail shows its spaces too (as ␣), so the words may stand between some.
 */
function chosenLine(word: string, percent: string): RegExp {
  return new RegExp(`^“␣*${escape(word)}␣*”: ${escape(percent)}$`);
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
