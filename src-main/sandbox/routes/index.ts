import type { SandboxRoute } from '../route-types';
import { chatCompletionsRoute } from './chat-completions';
import { modelsRoute } from './models';

/** Built-in endpoints. A feature adds one file under routes/ and one line here. */
export const builtinRoutes: SandboxRoute[] = [modelsRoute, chatCompletionsRoute];
