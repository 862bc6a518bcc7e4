import { type BatchRunRepository, batchRunRepository } from './batch-run-repository';
import { type EvalRepository, evalRepository } from './eval-repository';
import { type EvalRunRepository, evalRunRepository } from './eval-repository-runs';
import { type ConversationRepository, conversationRepository } from './conversation-repository';
import { type JudgeCaseRepository, judgeCaseRepository } from './judge-case-repository';
import type { DbContext } from './quarantine';
import { type QuestionSetRepository, questionSetRepository } from './question-set-repository';
import { type ReviewRepository, reviewRepository } from './review-repository';
import {
  type ChatPresetRepository,
  chatPresetRepository,
  type JudgeRunRepository,
  judgeRunRepository,
  type MediaEntryRepository,
  mediaEntryRepository,
  type VideoTaskRepository,
  videoTaskRepository,
} from './record-repositories';

/** Every store of user content, over one connection; the services receive these. */
export interface Repositories {
  conversations: ConversationRepository;
  sets: QuestionSetRepository;
  runs: JudgeRunRepository;
  videoTasks: VideoTaskRepository;
  media: MediaEntryRepository;
  presets: ChatPresetRepository;
  cases: JudgeCaseRepository;
  batches: BatchRunRepository;
  reviews: ReviewRepository;
  evals: EvalRepository;
  evalRuns: EvalRunRepository;
}

export function createRepositories(ctx: DbContext): Repositories {
  return {
    conversations: conversationRepository(ctx),
    sets: questionSetRepository(ctx),
    runs: judgeRunRepository(ctx),
    videoTasks: videoTaskRepository(ctx),
    media: mediaEntryRepository(ctx),
    presets: chatPresetRepository(ctx),
    cases: judgeCaseRepository(ctx),
    batches: batchRunRepository(ctx),
    reviews: reviewRepository(ctx),
    evals: evalRepository(ctx),
    evalRuns: evalRunRepository(ctx),
  };
}
