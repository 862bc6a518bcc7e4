import { z } from 'zod';
import { route } from '../define-route';
import { RECORD_ID_MAX } from '../../input-limits';
import type { EmbeddingRunView } from '../../media/media-views';
import type { ImageEntryView, MediaEntryView, SpeechEntryView } from '../../media/media-history';
import {
  embeddingsRunSchema,
  entryIdSchema,
  imageGenerateSchema,
  speechCreateSchema,
} from '../../media/media-inputs';

const entryId = z.object({ id: entryIdSchema });
const kind = z.enum(['image', 'speech', 'embedding'], 'must be image, speech or embedding');

export const mediaRoutes = {
  'media.images.generate': route<ImageEntryView>()(imageGenerateSchema),
  'media.speech.create': route<SpeechEntryView>()(speechCreateSchema),
  'media.embeddings.run': route<EmbeddingRunView>()(embeddingsRunSchema),
  'media.embeddings.vectors': route<string>()(
    z.object({
      runId: z
        .string()
        .min(1, 'is required')
        .max(RECORD_ID_MAX, `must be at most ${RECORD_ID_MAX} characters`),
    }),
  ),
  'media.history.list': route<MediaEntryView[]>()(z.object({ kind: kind.optional() })),
  'media.history.delete': route<null>()(entryId),
  'media.history.clear': route<number>()(z.object({ kind })),
  'media.save': route<string | null>()(entryId.extend({ index: z.number().int().min(0).optional() })),
  'media.saveAll': route<string[]>()(entryId),
};
