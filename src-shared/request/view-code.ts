/**
 * "View code": the request a form would send, as code a developer can paste — curl, Python and
 * Node. The OpenAI-compatible endpoints use the official `openai` SDKs; the video task loop and
 * the judge, which the SDKs do not know, use `requests` and `fetch`. The code calls what the app
 * calls for the profile: its addresses, its auth scheme, extra headers and query parameters
 * (code-connection.ts). The key and secret header values are read from the environment, never
 * written into the code. docs/architecture.md, "View code".
 */
import { hasMarkers, withFileReading } from './code-files';
import type { CodeLanguage, CodeRequest } from './code-request';
import { curlCode } from './view-code-curl';
import { nodeCode } from './view-code-node';
import { pythonCode } from './view-code-python';

export { KEY_ENV } from './code-connection';
export { type CodeFile, fileMarker } from './code-files';
export {
  CODE_LANGUAGES,
  type CodeKind,
  type CodeLanguage,
  type CodeRequest,
  endpointUrl,
  type HttpCall,
} from './code-request';

export function generateCode(r: CodeRequest, language: CodeLanguage): string {
  if (language === 'curl') return curlCode(r);
  const code = language === 'python' ? pythonCode(r) : nodeCode(r);
  if (!r.files?.length || !hasMarkers(code)) return code;
  // Attached files are read from disk by a small helper, not pasted in as base64.
  return withFileReading(code, r.files, language);
}
