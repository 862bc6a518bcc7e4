/**
 * The rules of a question set, with no zod: the window imports this module to show problems
 * as the user types, and main's zod schema (question-set.ts) calls the same checks, so the form
 * and main can never disagree about what is valid.
 */
export type QuestionType = 'choice' | 'score' | 'noul';
export const QUESTION_TYPES: readonly QuestionType[] = ['choice', 'score', 'noul'];

export interface ChoiceOption {
  name: string;
  description: string;
}

/**
 * One question as the builder edits it. `options` (choice) and `levels` (score) are both kept
 * whatever the type, so switching type back and forth does not throw away what was typed; only
 * the fields of the current type are sent.
 */
export interface Question {
  name: string;
  type: QuestionType;
  instructions: string;
  options: ChoiceOption[];
  levels: string[];
}

export interface QuestionSetDraft {
  name: string;
  questions: Question[];
}

/**
 * What is wrong, as a code the window translates (`judge.rule.<code>` with `params`), plus an
 * English message for main's zod errors and logs.
 */
export type RuleCode =
  | 'required'
  | 'nameFormat'
  | 'nameReserved'
  | 'nameDuplicate'
  | 'typeInvalid'
  | 'tooLong'
  | 'minOptions'
  | 'maxOptions'
  | 'optionDuplicate'
  | 'levelsRange'
  | 'levelRequired'
  | 'setEmpty'
  | 'maxQuestions';

export interface RuleProblem {
  code: RuleCode;
  params?: Record<string, string | number>;
  message: string;
}

export interface RuleIssue extends RuleProblem {
  /** e.g. `questions[1].options[0].name` */
  path: string;
}

/** Safe as a JSON key and as an identifier in the caller's code. */
export const QUESTION_NAME_RE = /^[A-Za-z_][A-Za-z0-9_-]{0,63}$/;
/** Names that index into Object.prototype when answers are read from a plain object. */
export const RESERVED_NAMES: readonly string[] = ['__proto__', 'constructor', 'prototype'];
export const SET_NAME_MAX = 120;
export const MAX_QUESTIONS = 50;
export const MIN_OPTIONS = 2;
export const MAX_OPTIONS = 26;
export const MIN_LEVELS = 2;
export const MAX_LEVELS = 10;
export const INSTRUCTIONS_MAX = 20_000;
export const DESCRIPTION_MAX = 4_000;
const OPTION_NAME_MAX = 64;

const problem = {
  required: (): RuleProblem => ({ code: 'required', message: 'is required' }),
  tooLong: (max: number): RuleProblem => ({
    code: 'tooLong',
    params: { max },
    message: `must be at most ${max} characters`,
  }),
};

export function checkQuestionName(name: string): RuleProblem | undefined {
  if (!name.trim()) return problem.required();
  if (!QUESTION_NAME_RE.test(name))
    return {
      code: 'nameFormat',
      message: 'must start with a letter or _ and use only letters, digits, _ or - (at most 64 characters)',
    };
  if (RESERVED_NAMES.includes(name))
    return {
      code: 'nameReserved',
      params: { name },
      message: `must not be “${name}”: it is reserved in JavaScript objects`,
    };
  return undefined;
}

export function checkSetName(name: string): RuleProblem | undefined {
  if (!name.trim()) return problem.required();
  if (name.length > SET_NAME_MAX) return problem.tooLong(SET_NAME_MAX);
  return undefined;
}

export function validateQuestion(q: Question, at: string, otherNames: string[] = []): RuleIssue[] {
  const issues: RuleIssue[] = [];
  const add = (path: string, p: RuleProblem) => issues.push({ path: `${at}${path}`, ...p });
  const nameProblem = checkQuestionName(q.name);
  if (nameProblem) add('.name', nameProblem);
  else if (otherNames.includes(q.name))
    add('.name', {
      code: 'nameDuplicate',
      params: { name: q.name },
      message: `must be unique: “${q.name}” is used by another question`,
    });
  if (!QUESTION_TYPES.includes(q.type))
    add('.type', { code: 'typeInvalid', message: 'must be choice, score or noul' });
  if (!q.instructions.trim()) add('.instructions', problem.required());
  else if (q.instructions.length > INSTRUCTIONS_MAX) add('.instructions', problem.tooLong(INSTRUCTIONS_MAX));

  if (q.type === 'choice') {
    if (q.options.length < MIN_OPTIONS)
      add('.options', {
        code: 'minOptions',
        params: { min: MIN_OPTIONS },
        message: `needs at least ${MIN_OPTIONS} options`,
      });
    if (q.options.length > MAX_OPTIONS)
      add('.options', {
        code: 'maxOptions',
        params: { max: MAX_OPTIONS },
        message: `must have at most ${MAX_OPTIONS} options`,
      });
    const seen = new Set<string>();
    q.options.forEach((o, i) => {
      if (!o.name.trim()) add(`.options[${i}].name`, problem.required());
      else if (o.name.length > OPTION_NAME_MAX) add(`.options[${i}].name`, problem.tooLong(OPTION_NAME_MAX));
      else if (seen.has(o.name))
        add(`.options[${i}].name`, {
          code: 'optionDuplicate',
          params: { name: o.name },
          message: `must be unique: “${o.name}” is already an option`,
        });
      seen.add(o.name);
      if (!o.description.trim()) add(`.options[${i}].description`, problem.required());
      else if (o.description.length > DESCRIPTION_MAX)
        add(`.options[${i}].description`, problem.tooLong(DESCRIPTION_MAX));
    });
  } else if (q.type === 'score') {
    if (q.levels.length < MIN_LEVELS || q.levels.length > MAX_LEVELS)
      add('.levels', {
        code: 'levelsRange',
        params: { min: MIN_LEVELS, max: MAX_LEVELS },
        message: `must have ${MIN_LEVELS} to ${MAX_LEVELS} levels`,
      });
    q.levels.forEach((l, i) => {
      if (!l.trim())
        add(`.levels[${i}]`, { code: 'levelRequired', message: 'is required: describe this level' });
      else if (l.length > DESCRIPTION_MAX) add(`.levels[${i}]`, problem.tooLong(DESCRIPTION_MAX));
    });
  }
  return issues;
}

export function validateQuestionSet(set: QuestionSetDraft): RuleIssue[] {
  const issues: RuleIssue[] = [];
  const nameProblem = checkSetName(set.name);
  if (nameProblem) issues.push({ path: 'name', ...nameProblem });
  if (set.questions.length === 0)
    issues.push({ path: 'questions', code: 'setEmpty', message: 'needs at least one question' });
  if (set.questions.length > MAX_QUESTIONS)
    issues.push({
      path: 'questions',
      code: 'maxQuestions',
      params: { max: MAX_QUESTIONS },
      message: `must have at most ${MAX_QUESTIONS} questions`,
    });
  set.questions.forEach((q, i) => {
    const earlier = set.questions.slice(0, i).map((x) => x.name);
    issues.push(...validateQuestion(q, `questions[${i}]`, earlier));
  });
  return issues;
}

/** A field's first problem keyed by path, for showing each one at its field. */
export function issuesByPath(issues: RuleIssue[]): Map<string, RuleIssue> {
  const map = new Map<string, RuleIssue>();
  for (const i of issues) if (!map.has(i.path)) map.set(i.path, i);
  return map;
}

export function blankQuestion(type: QuestionType, name: string): Question {
  return {
    name,
    type,
    instructions: '',
    options: [
      { name: '', description: '' },
      { name: '', description: '' },
    ],
    levels: ['', '', ''],
  };
}

/** The question as the gateway wants it (spec §2.4): only the criteria of its type. */
export function wireQuestion(q: Question): Record<string, unknown> {
  if (q.type === 'choice')
    return {
      type: 'choice',
      instructions: q.instructions,
      criteria: Object.fromEntries(q.options.map((o) => [o.name, o.description])),
    };
  if (q.type === 'score') return { type: 'score', instructions: q.instructions, criteria: [...q.levels] };
  return { type: 'noul', instructions: q.instructions };
}

export function wireQuestions(questions: Question[]): Record<string, Record<string, unknown>> {
  return Object.fromEntries(questions.map((q) => [q.name, wireQuestion(q)]));
}
