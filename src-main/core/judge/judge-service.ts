import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { GatewayClient } from '../gateway/gateway-client';
import { askJudge } from './ask-judge';
import type { TokenCounter } from './token-counter';
import type { DesktopActions } from '../media/desktop-actions';
import type { ProfileService } from '../profiles/profile-service';
import { AppFailure, invalidInput } from '../../../src-shared/result';
import type { QuestionSetRepository } from '../db/question-set-repository';
import type { JudgeRunRepository } from '../db/record-repositories';
import { costYuan } from '../../../src-shared/judge/judge-estimate';
import type { OpenedRun, RunSummary, StoredJudgeRun } from '../../../src-shared/judge/judge-run';
import {
  latestRevision,
  type RevisionSummary,
  type SetAtRevision,
  type SetRevision,
  questionSetDraftSchema,
  type SetSummary,
  type StoredSet,
  summarize,
} from '../../../src-shared/judge/question-set';
import type { Question, QuestionSetDraft } from '../../../src-shared/judge/question-rules';
import { EMPTY_TUNING, type SetTuning, setTuningSchema } from '../../../src-shared/judge/set-tuning';
import { exportEnvelope, readEnvelope } from './set-transfer';
import { parseState } from '../../../src-shared/judge/state-input';
import { type ImportOutcome, runJudgeSchema } from '../../../src-shared/judge/judge-inputs';

/** A revision's tuning carried to new questions: thresholds of noul questions that are still there. */
function tuningFor(questions: readonly Question[], tuning: SetTuning): SetTuning {
  const nouls = new Set(questions.filter((q) => q.type === 'noul').map((q) => q.name));
  const thresholds = Object.fromEntries(Object.entries(tuning.thresholds).filter(([n]) => nouls.has(n)));
  return { thresholds, minimums: tuning.minimums };
}

/** The set with one revision more after its latest: these questions, and their tuning if any, saved at `now`. */
function withRevision(
  set: StoredSet,
  now: number,
  questions: Question[],
  tuning: SetTuning | undefined,
): StoredSet {
  const revision = latestRevision(set).revision + 1;
  return {
    ...set,
    updatedAt: now,
    revisions: [...set.revisions, { revision, savedAt: now, questions, ...(tuning ? { tuning } : {}) }],
  };
}

export class JudgeService {
  constructor(
    private readonly deps: {
      client: GatewayClient;
      profiles: ProfileService;
      sets: QuestionSetRepository;
      runs: JudgeRunRepository;
      desktop: DesktopActions;
      /** The worker pool's token counter in the app; without one, counting in this thread. */
      tokens?: TokenCounter;
      now?: () => number;
    },
  ) {}

  private now(): number {
    return (this.deps.now ?? Date.now)();
  }

  listSets(): SetSummary[] {
    return this.deps.sets.summaries();
  }

  getSet(id: string): StoredSet {
    const s = this.deps.sets.get(id);
    if (!s) throw new AppFailure({ code: 'not_found', message: 'That question set no longer exists.' });
    return s;
  }

  /** Set names are unique, so an import's "replace" and the list can never mean two sets at once. */
  private requireFreeName(name: string, path: string, exceptId?: string): void {
    if (this.deps.sets.nameTaken(name, exceptId))
      throw invalidInput(path, `must be unique: a set named “${name}” already exists; choose another name`);
  }

  /** Valid tuning whose thresholds each name a noul question of `questions`, or an invalid_input. */
  private checkTuning(questions: readonly Question[], input: SetTuning): SetTuning {
    const tuning = setTuningSchema.parse(input);
    for (const name of Object.keys(tuning.thresholds)) {
      const q = questions.find((x) => x.name === name);
      if (q?.type !== 'noul')
        throw invalidInput(`tuning.thresholds.${name}`, 'must name a noul question of the set');
    }
    return tuning;
  }

  /**
   * Creates a set, or appends a revision when its questions changed (earlier ones are kept).
   * `withTuning` (an import) replaces the tuning; without it the latest tuning is carried over.
   */
  saveSet(id: string | undefined, draft: QuestionSetDraft, withTuning?: SetTuning): StoredSet {
    const set = questionSetDraftSchema.parse(draft);
    const now = this.now();
    const existing = id ? this.getSet(id) : undefined;
    this.requireFreeName(set.name, 'set.name', existing?.id);
    const given = withTuning && this.checkTuning(set.questions, withTuning);
    if (!existing) {
      return this.deps.sets.put({
        id: randomUUID(),
        name: set.name,
        createdAt: now,
        updatedAt: now,
        revisions: [
          { revision: 1, savedAt: now, questions: set.questions, ...(given ? { tuning: given } : {}) },
        ],
      });
    }
    const latest = latestRevision(existing);
    const changed = JSON.stringify(latest.questions) !== JSON.stringify(set.questions);
    // Same questions, new tuning: a tuning revision, as the Tune view saves it.
    if (!changed && given) {
      this.deps.sets.put({ ...existing, name: set.name, updatedAt: now });
      return this.tuneSet(existing.id, given);
    }
    const tuning = given ?? (latest.tuning && tuningFor(set.questions, latest.tuning));
    const named = { ...existing, name: set.name, updatedAt: now };
    return this.deps.sets.put(changed ? withRevision(named, now, set.questions, tuning) : named);
  }

  /**
   * Saves thresholds and minimums as a new revision with the same questions, so a revision never
   * changes once saved and every tuning stays in the history. Unchanged tuning saves nothing.
   */
  tuneSet(id: string, input: SetTuning): StoredSet {
    const existing = this.getSet(id);
    const latest = latestRevision(existing);
    const tuning = this.checkTuning(latest.questions, input);
    if (JSON.stringify(latest.tuning ?? EMPTY_TUNING) === JSON.stringify(tuning)) return existing;
    const now = this.now();
    return this.deps.sets.put(withRevision(existing, now, latest.questions, tuning));
  }

  renameSet(id: string, name: string): SetSummary {
    const set = this.getSet(id);
    this.requireFreeName(name, 'name', id);
    return summarize(this.deps.sets.put({ ...set, name, updatedAt: this.now() }));
  }

  listRevisions(id: string): RevisionSummary[] {
    return this.getSet(id)
      .revisions.map((r) => ({ revision: r.revision, savedAt: r.savedAt, questionCount: r.questions.length }))
      .reverse();
  }

  getRevision(id: string, revision: number): SetAtRevision {
    const set = this.getSet(id);
    const found = set.revisions.find((r) => r.revision === revision);
    if (!found)
      throw new AppFailure({
        code: 'not_found',
        message: `Revision ${revision} of “${set.name}” does not exist.`,
      });
    return { id: set.id, name: set.name, revision: found, latestRevision: latestRevision(set).revision };
  }

  /**
   * Restores a revision as a NEW revision with its questions and tuning: history is never
   * rewritten, so runs of every revision still show the set they used. Content equal to the
   * latest revision's saves nothing.
   */
  restoreRevision(id: string, revision: number): StoredSet {
    const existing = this.getSet(id);
    const old = this.getRevision(id, revision).revision;
    const latest = latestRevision(existing);
    const same = (r: SetRevision) => JSON.stringify([r.questions, r.tuning ?? null]);
    if (same(old) === same(latest)) return existing;
    return this.deps.sets.put(withRevision(existing, this.now(), old.questions, old.tuning));
  }

  duplicateSet(id: string): StoredSet {
    const source = this.getSet(id);
    const latest = latestRevision(source);
    // The copy is the set as it stands: its questions with the thresholds and minimums in force.
    return this.saveSet(
      undefined,
      { name: this.freeName(`${source.name} (copy)`), questions: latest.questions },
      latest.tuning,
    );
  }

  deleteSet(id: string): void {
    // Its revisions and runs go with it (the database cascades the delete).
    this.deps.sets.delete(id);
  }

  private freeName(wanted: string): string {
    const taken = new Set(this.deps.sets.names());
    if (!taken.has(wanted)) return wanted;
    for (let i = 2; ; i++) if (!taken.has(`${wanted} ${i}`)) return `${wanted} ${i}`;
  }

  exportText(id: string): { text: string; fileName: string } {
    const set = this.getSet(id);
    const latest = latestRevision(set);
    const slug = set.name.replace(/[^A-Za-z0-9_-]+/g, '-').replace(/^-|-$/g, '') || 'question-set';
    return {
      text: exportEnvelope({ name: set.name, questions: latest.questions }, latest.tuning),
      fileName: `${slug}.question-set.json`,
    };
  }

  async exportSet(id: string): Promise<string | null> {
    const { text, fileName } = this.exportText(id);
    return this.deps.desktop.saveTextAs(text, fileName);
  }

  /** Never overwrites silently: a name clash comes back as `clash` until the user picks copy or replace. */
  importSet(text: string, onClash: 'ask' | 'copy' | 'replace'): ImportOutcome {
    // A version 1 file has no tuning: a replaced set then keeps the tuning it had.
    const { set: draft, tuning } = readEnvelope(text);
    const existingId = this.deps.sets.idByName(draft.name);
    const existing = existingId ? this.deps.sets.get(existingId) : undefined;
    if (!existing) return { status: 'imported', set: this.saveSet(undefined, draft, tuning) };
    if (onClash === 'ask')
      return { status: 'clash', existing: summarize(existing), incomingName: draft.name };
    if (onClash === 'replace') return { status: 'imported', set: this.saveSet(existing.id, draft, tuning) };
    return {
      status: 'imported',
      set: this.saveSet(undefined, { ...draft, name: this.freeName(`${draft.name} (imported)`) }, tuning),
    };
  }

  listRuns(setId: string): RunSummary[] {
    return this.deps.runs.listBySet(setId).map((r) => ({
      id: r.id,
      setId: r.setId,
      setRevision: r.setRevision,
      createdAt: r.createdAt,
      modelAsked: r.modelAsked,
      modelAnswered: r.modelAnswered,
      inputTokens: r.usage.inputTokens,
      statePreview: r.state.text.slice(0, 80),
    }));
  }

  getRun(id: string): StoredJudgeRun {
    const r = this.deps.runs.get(id);
    if (!r) throw new AppFailure({ code: 'not_found', message: 'That run no longer exists.' });
    return r;
  }

  getRunWithQuestions(id: string): OpenedRun {
    const run = this.getRun(id);
    const set = this.deps.sets.get(run.setId);
    const revision = set?.revisions.find((r) => r.revision === run.setRevision);
    return { run, questions: revision?.questions ?? [] };
  }

  deleteRun(id: string): void {
    this.deps.runs.delete(id);
  }

  /**
   * Runs the latest revision of a saved set; the run (with the raw body) is saved before it is
   * returned together with the questions it used, so a billed run is always shown.
   */
  async run(input: z.output<typeof runJudgeSchema>): Promise<OpenedRun> {
    const set = this.getSet(input.setId);
    const revision = latestRevision(set);
    const issues = questionSetDraftSchema.safeParse({ name: set.name, questions: revision.questions });
    if (!issues.success) throw issues.error;
    const state = parseState(input.state as { mode: 'text' | 'json' | 'list'; text: string });
    if (!state.ok) throw invalidInput('state', state.message);
    const target = await this.deps.profiles.target();
    const { reply, parsed } = await askJudge(
      { client: this.deps.client, target, now: this.deps.now, tokens: this.deps.tokens },
      { model: input.model, state: state.value, questions: revision.questions, extra: input.extra },
    );
    const run: StoredJudgeRun = {
      id: randomUUID(),
      setId: set.id,
      setRevision: revision.revision,
      createdAt: this.now(),
      state: { mode: input.state.mode as 'text' | 'json' | 'list', text: input.state.text },
      modelAsked: input.model,
      extra: input.extra,
      modelAnswered: parsed.model,
      answers: parsed.answers as unknown as Record<string, unknown>[],
      extraAnswers: parsed.extraAnswers.length > 0 ? parsed.extraAnswers : undefined,
      usage: parsed.usage,
      costYuan: parsed.usage.inputTokens !== undefined ? costYuan(parsed.usage.inputTokens) : undefined,
      latencyMs: reply.latencyMs,
      raw: reply.raw,
      requestId: reply.requestId,
    };
    // The set may have been deleted while the request was out; its runs go with it, so this one
    // has nowhere to live. Checked right before the save, with no await in between.
    if (!this.deps.sets.get(set.id)) {
      throw new AppFailure({
        code: 'not_found',
        message:
          'The question set was deleted while this run was in progress, so the run could not be kept. The gateway still billed it.',
      });
    }
    return { run: this.deps.runs.put(run), questions: revision.questions };
  }
}
