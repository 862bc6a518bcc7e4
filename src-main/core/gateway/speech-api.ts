import { badResponse, record } from '../media/reply-shape';
import { errorEnvelope } from './error-envelope';
import { envelopeError, gatewayMessageFrom } from './gateway-error';
import type { CallOptions, GatewayClient } from './gateway-client';
import { REPLY_CAPS } from './reply-caps';
import { apiUrl, type GatewayTarget } from './gateway-urls';

export interface SpeechRequest {
  model: string;
  input: string;
  voice: string;
  response_format?: string;
  speed?: number;
}

export interface SpeechResult {
  bytes: Uint8Array;
  contentType: string | null;
}

/**
 * The reply is the audio itself. Some gateways wrap it as JSON (`{ audio }` or `{ data }` in
 * base64); that is unwrapped so the rest of the app only ever sees bytes.
 */
export async function createSpeech(
  client: GatewayClient,
  target: GatewayTarget,
  request: SpeechRequest,
  opts: CallOptions = {},
): Promise<SpeechResult> {
  const { bytes, contentType, requestId } = await client.bytes(
    target,
    {
      method: 'POST',
      url: apiUrl(target, 'audio/speech'),
      json: request,
      accept: 'audio/*, application/json',
    },
    { timeoutMs: 120_000, maxBytes: REPLY_CAPS.speech, ...opts },
  );
  const type = (contentType ?? '').toLowerCase();
  const text = () => new TextDecoder().decode(bytes.subarray(0, 4096));
  if (!type.includes('json')) {
    // A text or HTML page (an error page, a login wall) saved as a clip would play as silence.
    if (/^text\/|html|xml/.test(type) || (!type && looksLikeText(bytes))) {
      const said = gatewayMessageFrom(text());
      throw badResponse(
        `The speech reply is ${type.split(';')[0] || 'text'}, not audio${said ? `: ${said}` : ''}.`,
        text(),
      );
    }
    return { bytes, contentType };
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(new TextDecoder().decode(bytes));
  } catch {
    throw badResponse('The speech reply claims to be JSON but is not.', text());
  }
  const envelope = errorEnvelope(parsed);
  if (envelope) throw envelopeError(envelope, { requestId });
  const body = record(parsed);
  const nested = record(body?.data);
  const b64 = [body?.audio, body?.data, nested?.audio].find((x): x is string => typeof x === 'string');
  if (!b64) throw badResponse('The speech reply holds no audio.', parsed);
  const format = typeof body?.format === 'string' ? body.format : request.response_format;
  return { bytes: Buffer.from(b64, 'base64'), contentType: format ? `audio/${format}` : null };
}

/** No declared type: JSON or markup at the start means a text body, not audio. */
function looksLikeText(bytes: Uint8Array): boolean {
  const head = new TextDecoder().decode(bytes.subarray(0, 64)).trimStart();
  return head.startsWith('{') || head.startsWith('<');
}
