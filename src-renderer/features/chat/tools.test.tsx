import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { ChatTool } from '../../../src-shared/chat/chat-tools';
import type { Conversation, StoredMessage } from '../../../src-shared/chat/conversation';
import { installFakeBridge } from '../../test/fake-bridge';
import { headRoutes } from './head-routes.test-helper';
import { ChatTab } from './ChatTab';
import { ToolsEditor } from './ToolsEditor';
import { useChat } from './chat-store';

const params = () => useChat.getState().params;

describe('defining functions in the chat panel', () => {
  beforeEach(() => useChat.getState().setParams({ temperature: 0.5 }));

  it('defines a function with a schema, a mock and a named tool choice, and removing it takes the choice', async () => {
    installFakeBridge({ 'chat.tools.checkSchema': () => [] });
    render(<ToolsEditor />);
    fireEvent.click(screen.getByRole('button', { name: 'Add function' }));
    // Not in the params until it has a valid name.
    expect(params()).toEqual({ temperature: 0.5 });
    expect(screen.getByText('Name: 1 to 64 letters, digits, _ or -.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Function name'), { target: { value: 'get_weather' } });
    fireEvent.change(screen.getByLabelText('Description'), { target: { value: 'Weather for a city' } });
    fireEvent.change(screen.getByLabelText('Parameters (JSON Schema)'), {
      target: { value: '{"type":"object","properties":{"city":{"type":"string"}},"required":["city"]}' },
    });
    fireEvent.click(screen.getByLabelText('Strict (follow the schema exactly)'));
    fireEvent.change(screen.getByLabelText('Saved mock result'), { target: { value: '{"temp": 21}' } });
    const weather: ChatTool = {
      type: 'function',
      function: {
        name: 'get_weather',
        description: 'Weather for a city',
        parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
        strict: true,
      },
      mock: '{"temp": 21}',
    };
    expect(params()).toEqual({ temperature: 0.5, tools: [weather] });

    fireEvent.change(screen.getByLabelText('Tool choice'), { target: { value: 'fn:get_weather' } });
    fireEvent.change(screen.getByLabelText('Parallel tool calls'), { target: { value: 'false' } });
    expect(params()).toMatchObject({
      tool_choice: { type: 'function', function: { name: 'get_weather' } },
      parallel_tool_calls: false,
    });
    fireEvent.click(screen.getByRole('button', { name: 'Remove function get_weather' }));
    expect(params()).toEqual({ temperature: 0.5 });
  });

  it('names what is wrong: the name, JSON that does not parse, and main’s meta-schema check at its path', async () => {
    const bridge = installFakeBridge({
      'chat.tools.checkSchema': (input) =>
        (input as { schema: { required?: unknown } }).schema.required === 'city'
          ? [{ path: '/required', message: 'must be array' }]
          : [],
    });
    render(<ToolsEditor />);
    fireEvent.click(screen.getByRole('button', { name: 'Add function' }));
    fireEvent.change(screen.getByLabelText('Function name'), { target: { value: 'get weather' } });
    expect(screen.getByText('Name: 1 to 64 letters, digits, _ or -.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Function name'), { target: { value: 'lookup' } });
    const schema = screen.getByLabelText('Parameters (JSON Schema)');
    fireEvent.change(schema, { target: { value: '{"type": "object",' } });
    expect(screen.getByText(/^Parameters: not valid JSON \(.+\)\.$/)).toBeTruthy();
    fireEvent.change(schema, { target: { value: '[]' } });
    expect(screen.getByText(/^Parameters: must be a JSON object/)).toBeTruthy();
    fireEvent.change(schema, { target: { value: '{"type": "object", "required": "city"}' } });
    expect(await screen.findByText('parameters/required: must be array')).toBeTruthy();
    expect(bridge.calls.filter((c) => c.route === 'chat.tools.checkSchema').at(-1)?.input).toEqual({
      schema: { type: 'object', required: 'city' },
    });
  });
});

const weather: ChatTool = {
  type: 'function',
  function: {
    name: 'get_weather',
    parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
  },
  mock: '{"temp": 21}',
};
const clock: ChatTool = { type: 'function', function: { name: 'get_time', parameters: { type: 'object' } } };
const question: StoredMessage = { role: 'user', content: 'Weather and time in Paris?' };
const calling: StoredMessage = {
  role: 'assistant',
  content: '',
  toolCalls: [
    { id: 'call_a', name: 'get_weather', arguments: '{"town":"Paris"}' },
    { id: 'call_b', name: 'get_time', arguments: '{"zone": "Europe/Par' },
  ],
};

function renderChat(messages: StoredMessage[]) {
  const table: Record<string, Conversation> = {
    t: {
      id: 't',
      title: 'Tools',
      createdAt: 1,
      updatedAt: 1,
      model: 'm',
      system: '',
      params: { tools: [weather, clock] },
      messages,
    },
  };
  const bridge = installFakeBridge({
    'chat.conversations.list': () => [
      { id: 't', title: 'Tools', createdAt: 1, updatedAt: 1, messageCount: messages.length, pinned: false },
    ],
    'chat.conversations.get': () => table.t,
    ...headRoutes(() => table.t),
    'chat.tools.checkSchema': () => [],
    'chat.tools.checkArguments': () => ({
      status: 'violations',
      problems: [
        { path: '', message: "must have required property 'city'" },
        { path: '/town', message: 'must NOT be here' },
      ],
    }),
    'chat.reply': () => ({ conversationId: 't' }),
    'models.list': () => [],
  });
  render(
    <QueryClientProvider client={new QueryClient()}>
      <ChatTab />
    </QueryClientProvider>,
  );
  return bridge;
}

const openTools = async () => {
  fireEvent.click(await screen.findByRole('button', { name: 'Tools' }));
  return screen.findByRole('group', { name: 'Tool call get_weather' });
};

describe('tool calls as cards', () => {
  beforeEach(() =>
    useChat.setState({
      conversationId: undefined,
      messages: [],
      draft: '',
      model: 'm',
      live: {},
      error: undefined,
    }),
  );

  it('checks each call’s arguments and sends one tool message per call, typed by hand and from the mock', async () => {
    const bridge = renderChat([question, calling]);
    const weatherCard = await openTools();
    const clockCard = screen.getByRole('group', { name: 'Tool call get_time' });
    // Arguments pretty-printed, checked by main at their paths; malformed ones noted, not thrown.
    expect(within(weatherCard).getByText(/"town": "Paris"/)).toBeTruthy();
    expect(await within(weatherCard).findByText("/: must have required property 'city'")).toBeTruthy();
    expect(within(weatherCard).getByText('/town: must NOT be here')).toBeTruthy();
    expect(
      within(clockCard).getByText(/^Malformed arguments: The arguments are not valid JSON/),
    ).toBeTruthy();
    expect(bridge.calls.find((c) => c.route === 'chat.tools.checkArguments')?.input).toEqual({
      schema: weather.function.parameters,
      arguments: '{"town":"Paris"}',
    });

    const send = screen.getByRole('button', { name: 'Send results' }) as HTMLButtonElement;
    expect(send.disabled).toBe(true);
    expect(within(clockCard).queryByRole('button', { name: 'Use saved mock' })).toBeNull();
    fireEvent.click(within(weatherCard).getByRole('button', { name: 'Use saved mock' }));
    expect((within(weatherCard).getByLabelText('Result of get_weather') as HTMLTextAreaElement).value).toBe(
      '{"temp": 21}',
    );
    fireEvent.change(within(clockCard).getByLabelText('Result of get_time'), { target: { value: '12:00' } });
    expect(send.disabled).toBe(false);
    fireEvent.click(send);

    await waitFor(() => expect(bridge.calls.some((c) => c.route === 'chat.reply')).toBe(true));
    const input = bridge.calls.find((c) => c.route === 'chat.reply')!.input as {
      messages: StoredMessage[];
      params: unknown;
    };
    expect(input.messages).toEqual([
      question,
      calling,
      { role: 'tool', content: '{"temp": 21}', toolCallId: 'call_a', toolName: 'get_weather' },
      { role: 'tool', content: '12:00', toolCallId: 'call_b', toolName: 'get_time' },
    ]);
    expect(input.params).toEqual({ tools: [weather, clock] });
  });

  it('shows sent results compactly, prefilled in the cards, and Regenerate asks again after them', async () => {
    const results: StoredMessage[] = [
      { role: 'tool', content: '{"temp": 21}', toolCallId: 'call_a', toolName: 'get_weather' },
      { role: 'tool', content: '12:00', toolCallId: 'call_b', toolName: 'get_time' },
    ];
    const bridge = renderChat([question, calling, ...results, { role: 'assistant', content: 'Mild, noon.' }]);
    const weatherCard = await openTools();
    expect(screen.getByRole('article', { name: 'Tool result · get_time' }).textContent).toContain('12:00');
    expect((within(weatherCard).getByLabelText('Result of get_weather') as HTMLTextAreaElement).value).toBe(
      '{"temp": 21}',
    );
    expect(screen.getByRole('button', { name: 'Send results again' })).toBeTruthy();

    const replies = screen.getAllByRole('article', { name: 'Assistant' });
    fireEvent.click(within(replies[replies.length - 1]).getByRole('button', { name: 'Regenerate' }));
    await waitFor(() => expect(bridge.calls.some((c) => c.route === 'chat.reply')).toBe(true));
    const sent = (bridge.calls.find((c) => c.route === 'chat.reply')!.input as { messages: StoredMessage[] })
      .messages;
    expect(sent.map((m) => m.role)).toEqual(['user', 'assistant', 'tool', 'tool']);
  });
});
