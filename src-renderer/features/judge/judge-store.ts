import { create } from 'zustand';
import type { StoredJudgeRun } from '../../../src-main/core/judge/judge-run';
import type { StoredSet } from '../../../src-main/core/judge/question-set';
import type { JudgeModel } from '../../../src-main/core/judge/judge-estimate';
import {
  blankQuestion,
  type Question,
  type QuestionSetDraft,
  type QuestionType,
  validateQuestionSet,
} from '../../../src-main/core/judge/question-rules';
import type { StateInput } from '../../../src-main/core/judge/state-input';
import type { AppError } from '../../../src-main/core/result';
import { asAppError, call } from '../../bridge/api';

export interface OpenRun {
  run: StoredJudgeRun;
  questions: Question[];
}

interface JudgeState {
  setId?: string;
  draft: QuestionSetDraft;
  dirty: boolean;
  /** After a save or run attempt, blank required fields are flagged too (not only while typing). */
  showAllIssues: boolean;
  state: StateInput;
  model: JudgeModel;
  running: boolean;
  saving: boolean;
  error?: AppError;
  /** The latest run shown under the form. */
  result?: OpenRun;
  /** Up to two runs opened from the history, side by side. */
  compare: OpenRun[];
  newSet: () => void;
  openSet: (set: StoredSet) => void;
  setName: (name: string) => void;
  updateQuestion: (index: number, q: Question) => void;
  addQuestion: (type: QuestionType) => void;
  moveQuestion: (index: number, by: -1 | 1) => void;
  duplicateQuestion: (index: number) => void;
  deleteQuestion: (index: number) => void;
  setState: (state: StateInput) => void;
  setModel: (model: JudgeModel) => void;
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
  name: 'Untitled set',
  questions: [blankQuestion('choice', 'question_1')],
});

export const useJudge = create<JudgeState>((set, get) => {
  const edit = (fn: (questions: Question[]) => Question[]) =>
    set((s) => ({ draft: { ...s.draft, questions: fn([...s.draft.questions]) }, dirty: true }));
  return {
    draft: emptyDraft(),
    dirty: false,
    showAllIssues: false,
    state: { mode: 'text', text: '' },
    model: 'judge-1.13.0',
    running: false,
    saving: false,
    compare: [],
    newSet: () =>
      set({
        setId: undefined,
        draft: emptyDraft(),
        dirty: false,
        showAllIssues: false,
        result: undefined,
        compare: [],
        error: undefined,
      }),
    openSet: (stored) =>
      set({
        setId: stored.id,
        draft: { name: stored.name, questions: stored.revisions[stored.revisions.length - 1].questions },
        dirty: false,
        showAllIssues: false,
        result: undefined,
        compare: [],
        error: undefined,
      }),
    setName: (name) => set((s) => ({ draft: { ...s.draft, name }, dirty: true })),
    updateQuestion: (index, q) => edit((qs) => qs.map((x, i) => (i === index ? q : x))),
    addQuestion: (type) => edit((qs) => [...qs, blankQuestion(type, freeQuestionName(qs, type))]),
    moveQuestion: (index, by) =>
      edit((qs) => {
        const to = index + by;
        if (to < 0 || to >= qs.length) return qs;
        [qs[index], qs[to]] = [qs[to], qs[index]];
        return qs;
      }),
    duplicateQuestion: (index) =>
      edit((qs) => {
        const copy = structuredClone(qs[index]);
        copy.name = freeQuestionName(qs, `${qs[index].name}_copy`.slice(0, 56));
        qs.splice(index + 1, 0, copy);
        return qs;
      }),
    deleteQuestion: (index) => edit((qs) => qs.filter((_, i) => i !== index)),
    setState: (state) => set({ state }),
    setModel: (model) => set({ model }),
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
        set({ saving: false, error: asAppError(err), showAllIssues: true });
        return undefined;
      }
    },
    run: async () => {
      const s = get();
      if (s.running) return;
      let setId = s.setId;
      if (!setId || s.dirty) {
        const stored = await get().save();
        if (!stored) return;
        setId = stored.id;
      }
      set({ running: true, error: undefined });
      try {
        const run = await call('judge.run', { setId, model: s.model, state: s.state });
        const { questions } = await call('judge.runs.get', { id: run.id });
        set({ running: false, result: { run, questions } });
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
