import type { SandboxRoute } from '../route-types';
import { chatCompletionsRoute } from './chat-completions';
import { embeddingsRoute } from './embeddings';
import { imageFilesRoute, imagesRoute } from './images';
import { speechRoute } from './speech';
import { modelsRoute } from './models';
import { judgeRoute } from './judge';
import { sandboxStatsRoute } from './sandbox-stats';
import { videoFileRoute } from './video-files';
import { videoCreateRoute, videoStatusRoute } from './video-generations';

/** Built-in endpoints. A feature adds one file under routes/ and one line here. */
export const builtinRoutes: SandboxRoute[] = [
  modelsRoute,
  chatCompletionsRoute,
  embeddingsRoute,
  imagesRoute,
  imageFilesRoute,
  speechRoute,
  judgeRoute,
  videoCreateRoute,
  videoStatusRoute,
  videoFileRoute(),
  sandboxStatsRoute,
];
