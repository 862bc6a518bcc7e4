import { randomUUID } from 'node:crypto';
import {
  type ChatPreset,
  PRESETS_MAX,
  type SavePresetInput,
  savePresetSchema,
} from '../../../src-shared/chat/chat-preset';
import { AppFailure, invalidInput } from '../../../src-shared/result';
import type { ChatPresetRepository } from '../db/record-repositories';

/** Named chat settings (model, system prompt, parameters, extra fields, variable values). */
export class PresetService {
  constructor(private readonly deps: { presets: ChatPresetRepository; now?: () => number }) {}

  list(): ChatPreset[] {
    return this.deps.presets.list();
  }

  /** Saves under `id`, or over the preset of the same name (any case), or as a new one. */
  save(raw: SavePresetInput): ChatPreset {
    const input = savePresetSchema.parse(raw);
    const all = this.list();
    const same =
      (input.id ? all.find((p) => p.id === input.id) : undefined) ??
      all.find((p) => p.name.toLocaleLowerCase() === input.name.toLocaleLowerCase());
    if (!same && all.length >= PRESETS_MAX) {
      throw invalidInput('name', `there are already ${PRESETS_MAX} presets: delete one first`);
    }
    return this.deps.presets.put({
      id: same?.id ?? input.id ?? randomUUID(),
      name: input.name,
      updatedAt: (this.deps.now ?? Date.now)(),
      model: input.model,
      system: input.system,
      params: input.params,
      ...(input.extra ? { extra: input.extra } : {}),
      ...(input.variables ? { variables: input.variables } : {}),
    });
  }

  delete(id: string): void {
    if (!this.deps.presets.delete(id)) {
      throw new AppFailure({ code: 'not_found', message: 'That preset no longer exists.' });
    }
  }
}
