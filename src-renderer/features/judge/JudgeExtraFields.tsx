import { judgeRequestBody } from '../../../src-shared/judge/judge-request';
import { parseExtraText } from '../../../src-shared/request/extra-body';
import { ExtraFieldsEditor } from '../../app/ExtraFieldsEditor';
import { RequestPreview } from '../../app/RequestPreview';
import { parsedStateOf, useJudge } from './judge-store';

/** The run's extra body fields and the body a run sends (the set is saved first, so the draft's questions are the ones sent). */
export function JudgeExtraFields() {
  const model = useJudge((s) => s.model);
  const state = useJudge((s) => s.state);
  const questions = useJudge((s) => s.draft.questions);
  const extraText = useJudge((s) => s.extraText);
  const setExtraText = useJudge((s) => s.setExtraText);
  const parsed = parsedStateOf(state);
  const extra = parseExtraText(extraText, 'judge');
  const body = judgeRequestBody({
    model,
    // A state that does not parse yet is shown as typed; the run button stays off until it does.
    state: parsed.ok ? parsed.value : state.text,
    questions,
    extra: extra.ok ? extra.value : undefined,
  });
  return (
    <>
      <ExtraFieldsEditor id="judge-extra" endpoint="judge" text={extraText} onChange={setExtraText} />
      <RequestPreview codeKind="judge" body={body} />
    </>
  );
}
