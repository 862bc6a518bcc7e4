import {
  type CodeConnection,
  envVariables,
  KEY_ENV,
  keyHeader,
  sentHeaders,
} from '../../src-shared/request/code-connection';
import { t } from '../i18n/i18n';

/** What the code reads from the environment, as the note under it says: the key, and each secret header. */
export function codeKeyNote(c: CodeConnection): string {
  const secrets = envVariables(sentHeaders(c))
    .filter((v) => v.env !== KEY_ENV)
    .map((v) => `$${v.env}`);
  return [
    keyHeader(c) ? t('code.keyNote', { env: KEY_ENV }) : t('code.noKeyNote'),
    ...(secrets.length ? [t('code.secretHeadersNote', { vars: secrets.join(', ') })] : []),
  ].join(' ');
}
