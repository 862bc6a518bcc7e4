import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { useModelMemory } from '../../app/model-memory';
import { installFakeBridge } from '../../test/fake-bridge';
import { ModelField } from './ModelField';

function Field({ initial = '' }: { initial?: string }) {
  const [value, setValue] = useState(initial);
  return <ModelField id="img-model" kind="image" value={value} onChange={setValue} example="dall-e-3" />;
}

function renderField(initial?: string) {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={qc}>
      <Field initial={initial} />
    </QueryClientProvider>,
  );
}

const box = () => screen.getByRole<HTMLInputElement>('combobox', { name: 'Model' });

afterEach(() => useModelMemory.setState({ last: {} }));

describe('ModelField', () => {
  it('suggests the first model of its kind once the list arrives', async () => {
    installFakeBridge({
      'profiles.list': () => ({ profiles: [], activeId: 'p1' }),
      'models.list': () => [{ id: 'gpt-4o' }, { id: 'sandbox-image-1' }],
    });
    renderField();
    await screen.findByDisplayValue('sandbox-image-1');
  });

  it('keeps what the field holds when the list fails, and says so beside it', async () => {
    installFakeBridge({
      'profiles.list': () => ({ profiles: [], activeId: 'p1' }),
      'models.list': () => {
        throw { code: 'gateway_error', message: 'boom' };
      },
    });
    renderField('my-image-model');
    await screen.findByText('Could not load the model list; type a model id.');
    expect(box().value).toBe('my-image-model');
  });

  it('restores the model last used with this profile instead of suggesting one', async () => {
    useModelMemory.getState().remember('image', 'p1', 'flux-dev');
    installFakeBridge({
      'profiles.list': () => ({ profiles: [], activeId: 'p1' }),
      'models.list': () => [{ id: 'dall-e-3' }, { id: 'flux-dev' }],
    });
    renderField();
    await screen.findByDisplayValue('flux-dev');
    // The list arriving afterwards does not replace the remembered model.
    fireEvent.keyDown(box(), { key: 'ArrowDown' });
    await screen.findByRole('option', { name: 'dall-e-3' });
    expect(box().value).toBe('flux-dev');
  });
});
