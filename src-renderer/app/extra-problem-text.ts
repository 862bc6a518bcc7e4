import { EXTRA_LIMITS, type ExtraProblem } from '../../src-shared/request/extra-body';
import type { AppError } from '../../src-shared/result';
import { t } from '../i18n/i18n';

/** The window's words for a broken extra-fields rule (main says the same in English, extra-body.ts). */
export function extraProblemText(p: ExtraProblem): string {
  switch (p.rule) {
    case 'json':
      return t('extra.rule.json', { detail: p.detail });
    case 'not-object':
      return t('extra.rule.notObject', { got: t(`extra.got.${p.got}`) });
    case 'too-many-keys':
      return t('extra.rule.tooManyKeys', { max: EXTRA_LIMITS.maxKeys, count: p.count });
    case 'too-large':
      return t('extra.rule.tooLarge', { max: EXTRA_LIMITS.maxBytes / 1024, kb: Math.ceil(p.bytes / 1024) });
    case 'key-name':
      return t('extra.rule.keyName', { key: p.key, max: EXTRA_LIMITS.maxKeyLength });
    case 'reserved':
      return t('extra.rule.reserved', { key: p.key });
  }
}

/** Why a form was not sent, as the error its notice shows ("Please fix: …"). */
export function extraBlockedError(p: ExtraProblem): AppError {
  return { code: 'invalid_input', message: extraProblemText(p) };
}
