import { describe, expect, it } from 'vitest';
import { testExportDir, testSwitchesEnabled } from './test-switches';

describe('test switches', () => {
  it('are on only in an unpackaged app launched by the test runner', () => {
    expect(testSwitchesEnabled(false, { GATEHOUSE_E2E: '1' })).toBe(true);
    expect(testSwitchesEnabled(true, { GATEHOUSE_E2E: '1' })).toBe(false);
    expect(testSwitchesEnabled(false, {})).toBe(false);
    expect(testSwitchesEnabled(false, { GATEHOUSE_E2E: 'true' })).toBe(false);
  });

  it('give the export folder only when switched on', () => {
    const env = { GATEHOUSE_E2E: '1', GATEHOUSE_EXPORT_DIR: '/tmp/exports' };
    expect(testExportDir(false, env)).toBe('/tmp/exports');
    expect(testExportDir(true, env)).toBeUndefined();
    expect(testExportDir(false, { GATEHOUSE_EXPORT_DIR: '/tmp/exports' })).toBeUndefined();
    expect(testExportDir(false, { GATEHOUSE_E2E: '1' })).toBeUndefined();
  });
});
