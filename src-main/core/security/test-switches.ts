/**
 * Switches that exist for the end-to-end tests (in-app `--sandbox-*` flags, GATEHOUSE_EXPORT_DIR
 * skipping the save dialog). The shipped app ignores them: a packaged build never honours
 * them, and an unpackaged one only when the test launcher also sets GATEHOUSE_E2E=1, so a
 * stray environment variable cannot change where a user's files go.
 */
export function testSwitchesEnabled(isPackaged: boolean, env: Record<string, string | undefined>): boolean {
  return !isPackaged && env.GATEHOUSE_E2E === '1';
}

/** The folder "save as" writes to without asking, when the tests set one; otherwise none. */
export function testExportDir(
  isPackaged: boolean,
  env: Record<string, string | undefined>,
): string | undefined {
  return testSwitchesEnabled(isPackaged, env) && env.GATEHOUSE_EXPORT_DIR
    ? env.GATEHOUSE_EXPORT_DIR
    : undefined;
}
