import { z } from 'zod';
import { badRequest } from '../errors';

const RATIOS = ['16:9', '9:16', '1:1', '4:3', '3:4', '21:9', 'adaptive'] as const;
const RESOLUTIONS = ['480p', '720p', '1080p'] as const;

// Messages are predicates: parseBody puts the field name in front (gateway spec §2.3, §8).
export const videoRequestSchema = z.looseObject({
  model: z.string({ error: 'is required and must be a string' }).min(1, { error: 'must not be empty' }),
  content: z
    .array(
      z.looseObject(
        { type: z.string({ error: 'is required and must be a string' }) },
        { error: 'must be an object' },
      ),
      {
        error: 'is required and must be a non-empty array of content items',
      },
    )
    .min(1, { error: 'is required and must be a non-empty array of content items' }),
  ratio: z.enum(RATIOS, { error: `must be one of ${RATIOS.join(', ')}` }).optional(),
  duration: z
    .number({ error: 'must be a whole number of seconds from 5 to 30' })
    .int({ error: 'must be a whole number of seconds from 5 to 30' })
    .min(5, { error: 'must be a whole number of seconds from 5 to 30' })
    .max(30, { error: 'must be a whole number of seconds from 5 to 30' })
    .optional(),
  resolution: z.enum(RESOLUTIONS, { error: `must be one of ${RESOLUTIONS.join(', ')}` }).optional(),
  generate_audio: z.boolean({ error: 'must be true or false' }).optional(),
});

export type VideoRequest = z.output<typeof videoRequestSchema>;

/** Checks each content item's shape; returns the prompt text (all text items joined). */
export function checkContent(content: VideoRequest['content']): string {
  const texts: string[] = [];
  content.forEach((item, i) => {
    const at = `content[${i}]`;
    if (item.type === 'text') {
      if (typeof item.text !== 'string')
        throw badRequest(`${at}.text`, `${at}.text is required and must be a string`);
      texts.push(item.text);
    } else if (item.type === 'image_url') {
      const image = item.image_url as { url?: unknown } | undefined;
      if (!image || typeof image !== 'object' || typeof image.url !== 'string' || !image.url) {
        throw badRequest(
          `${at}.image_url.url`,
          `${at}.image_url.url is required and must be an image address`,
        );
      }
      if (item.role !== undefined && typeof item.role !== 'string') {
        throw badRequest(`${at}.role`, `${at}.role must be a string such as reference_image`);
      }
    } else if (item.type !== 'video_url' && item.type !== 'audio_url') {
      throw badRequest(`${at}.type`, `${at}.type must be one of text, image_url, video_url, audio_url`);
    }
  });
  if (texts.length === 0 || texts.every((t) => !t.trim())) {
    throw badRequest(
      'content',
      'content must hold a text item with the prompt',
      'missing_required_parameter',
    );
  }
  return texts.join('\n');
}
