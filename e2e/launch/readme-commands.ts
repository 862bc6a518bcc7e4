/**
 * The README's install-and-start line, read from its "The two commands" block: the line under
 * the comment that starts "# Install and start". The launch test runs exactly this line.
 */
export function readmeInstallAndStart(readme: string): string {
  const lines = readme.split('\n');
  const at = lines.findIndex((line) => line.trim().startsWith('# Install and start'));
  const command = at >= 0 ? lines[at + 1]?.trim() : undefined;
  if (!command) throw new Error('README.md has no "# Install and start" line followed by a command');
  return command;
}
