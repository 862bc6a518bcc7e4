import { act, fireEvent, render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { installFakeBridge } from '../../test/fake-bridge';
import { ResponseFormatControl } from './ResponseFormatControl';
import { useChat } from './chat-store';

const params = () => useChat.getState().params;

/** Lets the debounced schema check go out and its answer arrive. */
async function settle() {
  await act(async () => {
    await new Promise((r) => setTimeout(r, 350));
  });
}

describe('the response format control', () => {
  beforeEach(() => useChat.getState().setParams({ temperature: 0.5 }));

  it('sends nothing for text and {type: json_object} for a JSON object', () => {
    installFakeBridge({});
    render(<ResponseFormatControl />);
    const select = screen.getByLabelText('Response format');
    expect((select as HTMLSelectElement).value).toBe('text');
    fireEvent.change(select, { target: { value: 'json_object' } });
    expect(params()).toEqual({ temperature: 0.5, response_format: { type: 'json_object' } });
    fireEvent.change(select, { target: { value: 'text' } });
    expect(params()).toEqual({ temperature: 0.5 });
  });

  it('builds a json_schema format from the name, strict and the schema typed', async () => {
    const bridge = installFakeBridge({ 'chat.schema.check': () => [] });
    render(<ResponseFormatControl />);
    fireEvent.change(screen.getByLabelText('Response format'), { target: { value: 'json_schema' } });
    fireEvent.change(screen.getByLabelText('Schema name'), { target: { value: 'city_facts' } });
    fireEvent.change(screen.getByLabelText('Schema (JSON Schema)'), {
      target: { value: '{"type": "object", "properties": {"city": {"type": "string"}}}' },
    });
    fireEvent.click(screen.getByLabelText('Strict (the model must follow the schema exactly)'));
    expect(params().response_format).toEqual({
      type: 'json_schema',
      json_schema: {
        name: 'city_facts',
        schema: { type: 'object', properties: { city: { type: 'string' } } },
        strict: false,
      },
    });
    await settle();
    expect(screen.getByText('A valid JSON Schema.')).toBeTruthy();
    expect(bridge.calls.filter((c) => c.route === 'chat.schema.check').at(-1)?.input).toEqual({
      text: '{"type": "object", "properties": {"city": {"type": "string"}}}',
    });
  });

  it('keeps the last good format while the name or the JSON is wrong, and says why', () => {
    installFakeBridge({ 'chat.schema.check': () => [] });
    render(<ResponseFormatControl />);
    fireEvent.change(screen.getByLabelText('Response format'), { target: { value: 'json_schema' } });
    const good = params().response_format;
    expect(good).toMatchObject({ type: 'json_schema', json_schema: { name: 'reply', strict: true } });
    fireEvent.change(screen.getByLabelText('Schema name'), { target: { value: 'has space' } });
    expect(screen.getByText('The name must be 1 to 64 letters, digits, _ or -.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Schema name'), { target: { value: 'reply' } });
    fireEvent.change(screen.getByLabelText('Schema (JSON Schema)'), { target: { value: '{"type": ' } });
    expect(screen.getByText(/^The schema is not JSON: /)).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Schema (JSON Schema)'), { target: { value: '[]' } });
    expect(screen.getByText('The schema must be a JSON object.')).toBeTruthy();
    expect(params().response_format).toEqual(good);
  });

  it('shows the problems main found in the schema, each at its path', async () => {
    installFakeBridge({
      'chat.schema.check': () => [
        { path: '/properties/a/type', message: 'must be equal to one of the allowed values' },
        { path: '', message: "can't resolve reference #/$defs/x" },
      ],
    });
    render(<ResponseFormatControl />);
    fireEvent.change(screen.getByLabelText('Response format'), { target: { value: 'json_schema' } });
    await settle();
    expect(screen.getByText(/^Problems in the schema/)).toBeTruthy();
    expect(screen.getByText('/properties/a/type')).toBeTruthy();
    expect(screen.getByText('(the schema)')).toBeTruthy();
    expect(screen.getByLabelText('Schema (JSON Schema)').getAttribute('aria-invalid')).toBe('true');
  });

  it('shows the schema of a preset or conversation put in the form', () => {
    installFakeBridge({ 'chat.schema.check': () => [] });
    render(<ResponseFormatControl />);
    act(() =>
      useChat.getState().setParams({
        response_format: {
          type: 'json_schema',
          json_schema: { name: 'saved_one', schema: { type: 'array' }, strict: true },
        },
      }),
    );
    expect((screen.getByLabelText('Schema name') as HTMLInputElement).value).toBe('saved_one');
    expect(JSON.parse((screen.getByLabelText('Schema (JSON Schema)') as HTMLTextAreaElement).value)).toEqual({
      type: 'array',
    });
  });
});
