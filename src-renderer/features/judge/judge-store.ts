import { create } from 'zustand';
import type { OpenedRun } from '../../../src-shared/judge/judge-run';
import type { StoredSet } from '../../../src-shared/judge/question-set';
import type { JudgeEstimate, JudgeModel } from '../../../src-shared/judge/judge-estimate';
import {
  blankQuestion,
  type Question,
  type QuestionSetDraft,
  type QuestionType,
  validateQuestionSet,
} from '../../../src-shared/judge/question-rules';
import { type ParsedState, parseState, type StateInput } from '../../../src-shared/judge/state-input';
import type { AppError } from '../../../src-shared/result';
import { parseExtraText } from '../../../src-shared/request/extra-body';
import { extraBlockedError } from '../../app/extra-problem-text';
import { asAppError, call } from '../../bridge/api';
import { t } from '../../i18n/i18n';

export type OpenRun = OpenedRun;

/** Parsed once per keystroke: every state edit makes a new object, so the last one is the cache key. */
let lastParsed: { input: StateInput; out: ParsedState } | undefined;
export function parsedStateOf(input: StateInput): ParsedState {
  if (lastParsed?.input !== input) lastParsed = { input, out: parseState(input) };
  return lastParsed.out;
}

/** Over 32k (state + longest question) or 64k (whole request), by the window's estimate. */
export const overLimits = (e: JudgeEstimate | undefined) => !!e && (e.overPairLimit || e.overContextLimit);

let nextKey = 0;
/** React keys for questions: stable across reorder, duplicate and delete (names change as you type). */
const newKey = () => `q${++nextKey}`;

export type LeaveChoice = 'save' | 'discard' | 'cancel';

interface JudgeState {
  setId?: string;
  draft: QuestionSetDraft;
  /** One stable key per question, in the same order. */
  draftKeys: string[];
  dirty: boolean;
  /** Something wants to replace the draft while it has unsaved edits: the window asks first. */
  pendingLeave?: { action: () => void };
  /** The last save found the set deleted elsewhere; the window offers to save it as a new set. */
  setMissing: boolean;
  /** The token estimate of the current state and questions (computed in StatePanel). */
  estimate?: JudgeEstimate;
  /** The estimate of the current inputs is still being made: Run waits for it. */
  estimatePending: boolean;
  /** The user chose "Send anyway" for a request the estimate puts over a limit. */
  overrideLimits: boolean;
  /** A saved revision opened read-only (from a run's "revision N" or the revisions list). */
  viewing?: { setId: string; revision: number };
  /** After a save or run attempt, blank required fields are flagged too (not only while typing). */
  showAllIssues: boolean;
  state: StateInput;
  model: JudgeModel;
  /** The extra-body-fields editor's text, as typed; parsed when a run is sent. */
  extraText: string;
  running: boolean;
  saving: boolean;
  error?: AppError;
  /** The latest run shown under the form. */
  result?: OpenRun;
  /** Up to two runs opened from the history, side by side. */
  compare: OpenRun[];
  newSet: () => void;
  openSet: (set: StoredSet) => void;
  /** Runs `action` now when nothing is unsaved, else after the user answers the confirm dialog. */
  requestLeave: (action: () => void) => void;
  resolveLeave: (choice: LeaveChoice) => Promise<void>;
  saveAsNew: () => Promise<StoredSet | undefined>;
  setEstimate: (estimate: JudgeEstimate | undefined, pending?: boolean) => void;
  setOverrideLimits: (on: boolean) => void;
  viewRevision: (setId: string, revision: number) => void;
  closeRevision: () => void;
  setName: (name: string) => void;
  updateQuestion: (index: number, q: Question) => void;
  addQuestion: (type: QuestionType) => void;
  moveQuestion: (index: number, by: -1 | 1) => void;
  duplicateQuestion: (index: number) => void;
  deleteQuestion: (index: number) => void;
  setState: (state: StateInput) => void;
  setModel: (model: JudgeModel) => void;
  setExtraText: (text: string) => void;
  save: () => Promise<StoredSet | undefined>;
  run: () => Promise<void>;
  clearError: () => void;
  toggleCompare: (id: string) => Promise<void>;
  forgetSet: (id: string) => void;
}

function freeQuestionName(questions: Question[], base: string): string {
  const taken = new Set(questions.map((q) => q.name));
  for (let i = questions.length + 1; ; i++) if (!taken.has(`${base}_${i}`)) return `${base}_${i}`;
}

const emptyDraft = (): QuestionSetDraft => ({
  name: t('judge.untitled'),
  questions: [blankQuestion('choice', 'question_1')],
});

/** An edit of the question list; `fn` gets copies of the questions and of their keys, in step. */
type Edit = (questions: Question[], keys: string[]) => void;

/** What opening or starting a set clears: nothing of the previous set's edits, runs or views. */
const freshView = (): Partial<JudgeState> => ({
  dirty: false,
  setMissing: false,
  showAllIssues: false,
  result: undefined,
  compare: [],
  error: undefined,
  viewing: undefined,
});

export const useJudge = create<JudgeState>((set, get) => {
  const edit = (fn: Edit) =>
    set((s) => {
      const questions = [...s.draft.questions];
      const keys = [...s.draftKeys];
      fn(questions, keys);
      return { draft: { ...s.draft, questions }, draftKeys: keys, dirty: true };
    });
  const first = emptyDraft();
  return {
    draft: first,
    draftKeys: first.questions.map(newKey),
    dirty: false,
    setMissing: false,
    overrideLimits: false,
    estimatePending: false,
    showAllIssues: false,
    state: { mode: 'text', text: '' },
    model: 'judge-1.13.0',
    extraText: '',
    running: false,
    saving: false,
    compare: [],
    newSet: () => {
      const draft = emptyDraft();
      set({
        setId: undefined,
        draft,
        draftKeys: draft.questions.map(newKey),
        ...freshView(),
      });
    },
    openSet: (stored) => {
      const questions = stored.revisions[stored.revisions.length - 1].questions;
      set({
        setId: stored.id,
        draft: { name: stored.name, questions },
        draftKeys: questions.map(newKey),
        ...freshView(),
      });
    },
    requestLeave: (action) => {
      if (get().dirty) set({ pendingLeave: { action } });
      else action();
    },
    resolveLeave: async (choice) => {
      const pending = get().pendingLeave;
      if (!pending) return;
      if (choice === 'cancel') {
        set({ pendingLeave: undefined });
        return;
      }
      if (choice === 'save') {
        // On a failed save the dialog closes and the draft stays, with the problems shown.
        const stored = get().setMissing ? await get().saveAsNew() : await get().save();
        set({ pendingLeave: undefined });
        if (!stored) return;
      } else {
        set({ pendingLeave: undefined });
      }
      pending.action();
    },
    saveAsNew: async () => {
      set({ setId: undefined, setMissing: false });
      return get().save();
    },
    setEstimate: (estimate, pending = false) => set({ estimate, estimatePending: pending }),
    setOverrideLimits: (on) => set({ overrideLimits: on }),
    viewRevision: (setId, revision) => set({ viewing: { setId, revision } }),
    closeRevision: () => set({ viewing: undefined }),
    setName: (name) => set((s) => ({ draft: { ...s.draft, name }, dirty: true })),
    updateQuestion: (index, q) =>
      edit((qs) => {
        qs[index] = q;
      }),
    addQuestion: (type) =>
      edit((qs, keys) => {
        qs.push(blankQuestion(type, freeQuestionName(qs, type)));
        keys.push(newKey());
      }),
    moveQuestion: (index, by) =>
      edit((qs, keys) => {
        const to = index + by;
        if (to < 0 || to >= qs.length) return;
        [qs[index], qs[to]] = [qs[to], qs[index]];
        [keys[index], keys[to]] = [keys[to], keys[index]];
      }),
    duplicateQuestion: (index) =>
      edit((qs, keys) => {
        const copy = structuredClone(qs[index]);
        copy.name = freeQuestionName(qs, `${qs[index].name}_copy`.slice(0, 56));
        qs.splice(index + 1, 0, copy);
        keys.splice(index + 1, 0, newKey());
      }),
    deleteQuestion: (index) =>
      edit((qs, keys) => {
        qs.splice(index, 1);
        keys.splice(index, 1);
      }),
    setState: (state) => set({ state }),
    setModel: (model) => set({ model }),
    setExtraText: (extraText) => set({ extraText }),
    clearError: () => set({ error: undefined }),
    save: async () => {
      const { draft, setId } = get();
      if (validateQuestionSet(draft).length > 0) {
        set({ showAllIssues: true });
        return undefined;
      }
      set({ saving: true, error: undefined });
      try {
        const stored = await call('judge.sets.save', { id: setId, set: draft });
        // Only mark clean if nothing was typed while saving.
        set((s) => ({ setId: stored.id, dirty: s.draft === draft ? false : s.dirty, saving: false }));
        return stored;
      } catch (err) {
        const error = asAppError(err);
        // Deleted elsewhere (another window, a restore): the draft is kept and can be saved as new.
        set({ saving: false, error, showAllIssues: true, setMissing: !!setId && error.code === 'not_found' });
        return undefined;
      }
    },
    run: async () => {
      const s = get();
      if (s.running) return;
      if (s.estimatePending || (overLimits(s.estimate) && !s.overrideLimits)) return;
      const extra = parseExtraText(s.extraText, 'judge');
      if (!extra.ok) {
        set({ error: extraBlockedError(extra.problem) });
        return;
      }
      let setId = s.setId;
      if (!setId || s.dirty) {
        const stored = await get().save();
        if (!stored) return;
        setId = stored.id;
      }
      set({ running: true, error: undefined });
      try {
        // One call: the run comes back with its questions, so a billed run is always shown.
        const result = await call('judge.run', { setId, model: s.model, state: s.state, extra: extra.value });
        set({ running: false, result, overrideLimits: false });
      } catch (err) {
        set({ running: false, error: asAppError(err) });
      }
    },
    toggleCompare: async (id) => {
      const open = get().compare;
      if (open.some((r) => r.run.id === id)) {
        set({ compare: open.filter((r) => r.run.id !== id) });
        return;
      }
      try {
        const loaded = await call('judge.runs.get', { id });
        set((s) => ({ compare: [...s.compare, loaded].slice(-2) }));
      } catch (err) {
        set({ error: asAppError(err) });
      }
    },
    forgetSet: (id) => {
      if (get().setId === id) get().newSet();
    },
  };
});
