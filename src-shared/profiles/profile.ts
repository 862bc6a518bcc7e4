import { z } from 'zod';

export const PROFILE_KINDS = [
  'sandbox',
  'gateway-overseas',
  'gateway-mainland',
  'openai-compatible',
] as const;
export type ProfileKind = (typeof PROFILE_KINDS)[number];

export const SANDBOX_PROFILE_ID = 'sandbox';

const httpUrl = z
  .string()
  .trim()
  .min(1, 'is required')
  .max(2_000, 'must be at most 2,000 characters')
  .refine((v) => {
    try {
      const u = new URL(v);
      return u.protocol === 'http:' || u.protocol === 'https:';
    } catch {
      return false;
    }
  }, 'must be an http:// or https:// address, e.g. https://gateway.example.com');

/** How long a reply may go without a single byte before it is given up (seconds). */
export const DEFAULT_IDLE_TIMEOUT_SEC = 120;
const idleTimeoutSec = z
  .number()
  .int('must be a whole number of seconds')
  .min(10, 'must be between 10 and 3600 seconds')
  .max(3600, 'must be between 10 and 3600 seconds');

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
  /** Re-send a chat reply by itself when a 429's Retry-After wait ends. Absent means off. */
  autoRetryRateLimit: z.boolean({ error: 'must be true or false' }).optional(),
  /** The user confirmed sending the key over plain http:// to a host that is not this machine. */
  allowPlainHttpKey: z.boolean({ error: 'must be true or false' }).optional(),
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
  /** Optional for the same reason: absent is off, so nothing is re-sent unasked. */
  autoRetryRateLimit: z.boolean().optional(),
  /** Absent is not confirmed: a plain-http remote profile then refuses to send its key. */
  allowPlainHttpKey: z.boolean().optional(),
});
export type Profile = z.infer<typeof profileSchema>;
