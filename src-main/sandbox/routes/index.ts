import type { SandboxRoute } from '../route-types';
import { chatCompletionsRoute } from './chat-completions';
import { modelsRoute } from './models';
import { videoFileRoute } from './video-files';
import { videoCreateRoute, videoStatusRoute } from './video-generations';

/** Built-in endpoints. A feature adds one file under routes/ and one line here. */
export const builtinRoutes: SandboxRoute[] = [
  modelsRoute,
  chatCompletionsRoute,
  videoCreateRoute,
  videoStatusRoute,
  videoFileRoute(),
];
