import { describe, expect, it } from 'vitest';
import { openMemoryDatabase } from '../db/open-database';
import { chatPresetRepository } from '../db/record-repositories';
import { StorageNotices } from '../storage/storage-notices';
import { PresetService } from './preset-service';

function service() {
  const db = openMemoryDatabase();
  const notices = new StorageNotices();
  let clock = 1000;
  return {
    db,
    notices,
    s: new PresetService({ presets: chatPresetRepository({ db, notices }), now: () => ++clock }),
  };
}

describe('chat presets', () => {
  it('saves, lists by name, replaces one of the same name and deletes', () => {
    const { s } = service();
    const terse = s.save({
      name: 'Terse',
      model: 'gpt-x',
      system: 'Answer in {{lang}}.',
      params: { temperature: 0.1 },
      extra: { top_k: 7 },
      variables: { lang: 'French' },
    });
    s.save({ name: 'another', model: 'm2' });
    expect(s.list().map((p) => p.name)).toEqual(['another', 'Terse']);
    expect(s.list()[1]).toEqual(terse);
    // Same name, other case: the preset is replaced, not doubled.
    const again = s.save({ name: 'TERSE', model: 'gpt-y' });
    expect(again.id).toBe(terse.id);
    expect(s.list()).toHaveLength(2);
    expect(s.list().find((p) => p.id === terse.id)).toMatchObject({
      name: 'TERSE',
      model: 'gpt-y',
      system: '',
    });
    s.delete(terse.id);
    expect(s.list().map((p) => p.name)).toEqual(['another']);
    expect(() => s.delete(terse.id)).toThrow(/no longer exists/);
  });

  it('names the field and the rule of a bad preset, and saves nothing', () => {
    const { s } = service();
    const issues = (fn: () => unknown) => {
      try {
        fn();
      } catch (err) {
        return (err as { issues: { path: PropertyKey[]; message: string }[] }).issues;
      }
      return [];
    };
    expect(issues(() => s.save({ name: '  ' }))).toContainEqual(
      expect.objectContaining({ path: ['name'], message: 'is required' }),
    );
    expect(issues(() => s.save({ name: 'Hot', params: { temperature: 3 } }))).toContainEqual(
      expect.objectContaining({ path: ['params', 'temperature'], message: 'must be between 0 and 2' }),
    );
    expect(s.list()).toEqual([]);
  });

  it('sets aside a stored preset that fails its schema, keeping the others', () => {
    const { db, notices, s } = service();
    s.save({ name: 'Good' });
    db.prepare(
      "INSERT INTO chat_presets (id, name, updated_at, data) VALUES ('bad', 'Bad', 1, '{\"name\":3}')",
    ).run();
    const reported: unknown[] = [];
    notices.onNotice((n) => reported.push(n));
    expect(s.list().map((p) => p.name)).toEqual(['Good']);
    expect(db.prepare('SELECT record_id FROM quarantine').all()).toEqual([{ record_id: 'bad' }]);
    expect(reported).toHaveLength(1);
  });
});
