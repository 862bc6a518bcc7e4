import type { RuleIssue } from '../../../src-shared/judge/question-rules';
import { type MessageKey, t } from '../../i18n/i18n';

/** A rule problem in the window's language: question-rules.ts gives a code and params, not text. */
export function ruleText(issue: Pick<RuleIssue, 'code' | 'params'>): string {
  return t(`judge.rule.${issue.code}` as MessageKey, issue.params);
}

/** "Required" on a field the user has not reached yet is noise until a save or run attempt. */
export const isBlankRule = (issue: Pick<RuleIssue, 'code'>) =>
  issue.code === 'required' || issue.code === 'levelRequired';
