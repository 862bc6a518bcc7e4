import { z } from 'zod';
import { networkInputSchema, networkSchema } from './profile-network';

export const PROFILE_KINDS = [
  'sandbox',
  'gateway-overseas',
  'gateway-mainland',
  'openai-compatible',
] as const;
export type ProfileKind = (typeof PROFILE_KINDS)[number];

export const SANDBOX_PROFILE_ID = 'sandbox';

/** The scheme of an address that parses, or undefined (for the message below). */
function schemeOf(v: string): string | undefined {
  try {
    return new URL(v).protocol;
  } catch {
    return undefined;
  }
}

/**
 * A gateway address: http(s) only. The message names the scheme given when there is one
 * ("file: is not one"), so a `file:` or `ftp:` address says what is wrong with it.
 */
export const httpUrlSchema = z
  .string()
  .trim()
  .min(1, 'is required')
  .max(2_000, 'must be at most 2,000 characters')
  .superRefine((v, ctx) => {
    const scheme = schemeOf(v);
    if (scheme === 'http:' || scheme === 'https:') return;
    ctx.addIssue({
      code: 'custom',
      message: `must be an http:// or https:// address${scheme ? ` (${scheme} is not one)` : ''}, e.g. https://gateway.example.com`,
    });
  });
const httpUrl = httpUrlSchema;

/** How long a reply may go without a single byte before it is given up (seconds). */
export const DEFAULT_IDLE_TIMEOUT_SEC = 120;
const idleTimeoutSec = z
  .number()
  .int('must be a whole number of seconds')
  .min(10, 'must be between 10 and 3600 seconds')
  .max(3600, 'must be between 10 and 3600 seconds');

/**
 * How long one chat reply may take in all, however steadily it streams (seconds): a gateway that
 * drips a byte a second never meets the idle timeout, and is stopped here.
 */
export const DEFAULT_REPLY_DEADLINE_SEC = 600;
export const REPLY_DEADLINE_RANGE = { min: 30, max: 7200 } as const;
const replyDeadlineSec = z
  .number({ error: 'must be a number of seconds' })
  .int('must be a whole number of seconds')
  .min(REPLY_DEADLINE_RANGE.min, 'must be between 30 and 7200 seconds')
  .max(REPLY_DEADLINE_RANGE.max, 'must be between 30 and 7200 seconds');

const RESERVED_HEADERS = new Set([
  'host',
  'content-length',
  'content-type',
  'connection',
  'transfer-encoding',
]);

/** An HTTP header name (RFC 9110 token); the ones the transport sets itself are refused. */
const headerName = z
  .string()
  .trim()
  .min(1, 'is required')
  .max(100, 'must be at most 100 characters')
  .regex(
    /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/,
    'must be a header name: letters, digits and - (no spaces or colons)',
  )
  .refine(
    (n) => !RESERVED_HEADERS.has(n.toLowerCase()),
    'is set by Gatehouse itself (Host, Content-Length, Content-Type, Connection, Transfer-Encoding)',
  );

/**
 * How the key is sent: `Authorization: Bearer <key>` (the default), in a header of its own
 * (Azure's `api-key`, a proxy's `x-api-key`), or not at all (a local server, a proxy that adds it).
 */
export const authSchemeSchema = z.discriminatedUnion(
  'scheme',
  [
    z.object({ scheme: z.literal('bearer') }),
    z.object({ scheme: z.literal('header'), header: headerName }),
    z.object({ scheme: z.literal('none') }),
  ],
  { error: 'must be bearer, header (with a header name) or none' },
);
export type AuthScheme = z.infer<typeof authSchemeSchema>;

export const MAX_PROFILE_HEADERS = 30;
export const MAX_PROFILE_QUERY = 30;

/**
 * An extra header the profile sends on every call. A secret one's value is stored encrypted like
 * the key (never in the profile), shown as a hint, and removed from the log, HAR, curl and code.
 * On save, a secret header sent with an empty value keeps the value already stored.
 */
export const headerInputSchema = z.object({
  name: headerName,
  /** For a secret header, empty or absent keeps the value already stored. */
  value: z
    .string()
    .max(4_000, 'must be at most 4,000 characters')
    .refine((v) => !/[\r\n]/.test(v), 'must be one line')
    .optional(),
  secret: z.boolean({ error: 'must be true or false' }).optional(),
});

export const queryPairSchema = z.object({
  name: z.string().trim().min(1, 'is required').max(200, 'must be at most 200 characters'),
  value: z.string().max(2_000, 'must be at most 2,000 characters'),
});

export const profileInputSchema = z.object({
  id: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,40}$/)
    .optional(),
  name: z.string().trim().min(1, 'is required').max(60, 'must be at most 60 characters'),
  kind: z.enum(PROFILE_KINDS),
  host: httpUrl,
  judgeSegment: z
    .string()
    .trim()
    .max(100, 'must be at most 100 characters')
    .regex(/^[A-Za-z0-9_-]+$/, 'must be letters, digits, - or _ (the vendor segment of the judge path)')
    .default('partner'),
  /** Absent means DEFAULT_IDLE_TIMEOUT_SEC. */
  idleTimeoutSec: idleTimeoutSec.optional(),
  /** Absent means DEFAULT_REPLY_DEADLINE_SEC. */
  replyDeadlineSec: replyDeadlineSec.optional(),
  /** Re-send a chat reply by itself when a 429's Retry-After wait ends. Absent means off. */
  autoRetryRateLimit: z.boolean({ error: 'must be true or false' }).optional(),
  /** The user confirmed sending the key over plain http:// to a host that is not this machine. */
  allowPlainHttpKey: z.boolean({ error: 'must be true or false' }).optional(),
  /** The judgement endpoint's own address; empty or absent derives it from the base URL. */
  judgeUrl: z.union([z.literal(''), httpUrl]).optional(),
  auth: authSchemeSchema.optional(),
  headers: z
    .array(headerInputSchema)
    .max(MAX_PROFILE_HEADERS, `must be at most ${MAX_PROFILE_HEADERS} headers`)
    .refine(
      (hs) => new Set(hs.map((h) => h.name.toLowerCase())).size === hs.length,
      'must not name a header twice',
    )
    .optional(),
  query: z
    .array(queryPairSchema)
    .max(MAX_PROFILE_QUERY, `must be at most ${MAX_PROFILE_QUERY} parameters`)
    .optional(),
  /** Proxy and trusted certificates; absent is the system's proxy and the usual authorities. */
  network: networkInputSchema.optional(),
});
export type ProfileInput = z.input<typeof profileInputSchema>;

export const profileSchema = z.object({
  id: z.string(),
  name: z.string(),
  kind: z.enum(PROFILE_KINDS),
  host: z.string(),
  judgeSegment: z.string(),
  /** Optional: profiles saved before the setting existed still parse. */
  idleTimeoutSec: z.number().optional(),
  /** Optional for the same reason: absent is DEFAULT_REPLY_DEADLINE_SEC. */
  replyDeadlineSec: z.number().optional(),
  /** Optional for the same reason: absent is off, so nothing is re-sent unasked. */
  autoRetryRateLimit: z.boolean().optional(),
  /** Absent is not confirmed: a plain-http remote profile then refuses to send its key. */
  allowPlainHttpKey: z.boolean().optional(),
  /**
   * The OpenAI-style base as the user typed it (endpoints appended). Absent on profiles saved
   * before base URLs were used as typed: those call `{host}/v1` (profile-address.ts).
   */
  baseUrl: z.string().optional(),
  /** The judgement endpoint; absent derives it from the base URL and the judge segment. */
  judgeUrl: z.string().optional(),
  /** Absent is `Authorization: Bearer`. */
  auth: authSchemeSchema.optional(),
  /** Extra headers; a secret one keeps only a hint here, its value is in the vault. */
  headers: z
    .array(
      z.object({
        name: z.string(),
        value: z.string().optional(),
        secret: z.boolean().optional(),
        hint: z.string().optional(),
      }),
    )
    .optional(),
  query: z.array(z.object({ name: z.string(), value: z.string() })).optional(),
  /** Absent on profiles saved before it existed: the system's proxy, the usual authorities. */
  network: networkSchema.optional(),
});
export type Profile = z.infer<typeof profileSchema>;
export type StoredHeader = NonNullable<Profile['headers']>[number];
