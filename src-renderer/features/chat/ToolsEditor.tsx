import { useEffect, useRef, useState } from 'react';
import type { ChatTool, SchemaProblem } from '../../../src-shared/chat/chat-tools';
import {
  MAX_TOOL_SCHEMA_BYTES,
  MAX_TOOLS,
  TOOL_CHOICE_MODES,
  TOOL_NAME_PATTERN,
  utf8Bytes,
} from '../../../src-shared/chat/tool-rules';
import type { ChatParamsInput } from '../../../src-shared/chat/conversation';
import { call } from '../../bridge/api';
import { t } from '../../i18n/i18n';
import { useChat } from './chat-store';

/** One function as typed in the panel: its parameters schema is text until it parses. */
export interface ToolDraft {
  name: string;
  description: string;
  parameters: string;
  strict: boolean;
  mock: string;
}

export function draftOf(tool: ChatTool): ToolDraft {
  const fn = tool.function;
  return {
    name: fn.name,
    description: fn.description ?? '',
    parameters: fn.parameters ? JSON.stringify(fn.parameters, null, 2) : '',
    strict: fn.strict === true,
    mock: tool.mock ?? '',
  };
}

const BLANK: ToolDraft = {
  name: '',
  description: '',
  parameters: '{\n  "type": "object",\n  "properties": {}\n}',
  strict: false,
  mock: '',
};

/** What is wrong with a draft in the window's own rules (the meta-schema is main's, see below). */
export function draftProblems(draft: ToolDraft, index: number, all: ToolDraft[]): string[] {
  const out: string[] = [];
  if (!TOOL_NAME_PATTERN.test(draft.name)) out.push(t('chat.toolNameRule'));
  else if (all.findIndex((d) => d.name === draft.name) < index) out.push(t('chat.toolNameDuplicate'));
  if (draft.parameters.trim()) {
    try {
      const value: unknown = JSON.parse(draft.parameters);
      if (typeof value !== 'object' || value === null || Array.isArray(value))
        out.push(t('chat.toolParametersObject'));
      else if (utf8Bytes(JSON.stringify(value)) > MAX_TOOL_SCHEMA_BYTES)
        out.push(t('chat.toolParametersSize', { kb: MAX_TOOL_SCHEMA_BYTES / 1024 }));
    } catch (err) {
      out.push(t('chat.toolParametersJson', { detail: err instanceof Error ? err.message : String(err) }));
    }
  }
  return out;
}

/** The drafts as the form's `tools`: only called once every draft is free of problems. */
function toolOf(d: ToolDraft): ChatTool {
  return {
    type: 'function',
    function: {
      name: d.name,
      ...(d.description.trim() ? { description: d.description } : {}),
      ...(d.parameters.trim() ? { parameters: JSON.parse(d.parameters) as Record<string, unknown> } : {}),
      ...(d.strict ? { strict: true } : {}),
    },
    ...(d.mock ? { mock: d.mock } : {}),
  };
}

/**
 * The tool fields with the tools replaced: a choice naming a function no longer there is
 * dropped, and with no tools left the choice and the parallel switch go too (the API refuses
 * them without tools, and so does the form's rule).
 */
export function withTools(params: ChatParamsInput, tools: ChatTool[]): ChatParamsInput {
  const next: ChatParamsInput = { ...params };
  delete next.tools;
  if (tools.length === 0) {
    delete next.tool_choice;
    delete next.parallel_tool_calls;
    return next;
  }
  next.tools = tools;
  const choice = next.tool_choice;
  if (typeof choice === 'object' && !tools.some((tool) => tool.function.name === choice.function.name))
    delete next.tool_choice;
  return next;
}

/** Main's verdict on each draft's parameters against the JSON Schema meta-schema, by text. */
function useSchemaProblems(drafts: ToolDraft[]): Record<string, SchemaProblem[]> {
  const [found, setFound] = useState<Record<string, SchemaProblem[]>>({});
  const texts = drafts.map((d) => d.parameters).filter((p) => p.trim());
  const key = JSON.stringify(texts);
  useEffect(() => {
    let cancelled = false;
    // Ajv compiles code, which the window's CSP forbids, so main checks; typing is debounced.
    const timer = setTimeout(() => {
      for (const text of JSON.parse(key) as string[]) {
        let schema: unknown;
        try {
          schema = JSON.parse(text);
        } catch {
          continue; // the window's own rule already says so
        }
        if (typeof schema !== 'object' || schema === null || Array.isArray(schema)) continue;
        call('chat.tools.checkSchema', { schema: schema as Record<string, unknown> })
          .then((problems) => {
            if (!cancelled) setFound((f) => ({ ...f, [text]: problems }));
          })
          .catch(() => undefined);
      }
    }, 250);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [key]);
  return found;
}

function ToolFields({
  draft,
  index,
  problems,
  schemaProblems,
  onChange,
  onRemove,
}: {
  draft: ToolDraft;
  index: number;
  problems: string[];
  schemaProblems: SchemaProblem[];
  onChange: (patch: Partial<ToolDraft>) => void;
  onRemove: () => void;
}) {
  const id = `tool-${index}`;
  const issues = [
    ...problems,
    // Ajv reports one wrong value once per way it could have been right (enum, type, anyOf): the first says it.
    ...schemaProblems
      .filter((p, i) => schemaProblems.findIndex((q) => q.path === p.path) === i)
      .map((p) => t('chat.toolSchemaProblem', { path: p.path, message: p.message })),
  ];
  return (
    <fieldset className="tool-def">
      <legend>{t('chat.toolLegend', { n: index + 1 })}</legend>
      <div className="field">
        <label htmlFor={`${id}-name`}>{t('chat.toolName')}</label>
        <input
          id={`${id}-name`}
          value={draft.name}
          spellCheck={false}
          placeholder="get_weather"
          aria-invalid={!TOOL_NAME_PATTERN.test(draft.name) || undefined}
          onChange={(e) => onChange({ name: e.target.value })}
        />
      </div>
      <div className="field">
        <label htmlFor={`${id}-description`}>{t('chat.toolDescription')}</label>
        <textarea
          id={`${id}-description`}
          rows={2}
          value={draft.description}
          onChange={(e) => onChange({ description: e.target.value })}
        />
      </div>
      <div className="field">
        <label htmlFor={`${id}-parameters`}>{t('chat.toolParameters')}</label>
        <textarea
          id={`${id}-parameters`}
          className="mono"
          rows={6}
          spellCheck={false}
          value={draft.parameters}
          aria-describedby={`${id}-issues`}
          onChange={(e) => onChange({ parameters: e.target.value })}
        />
        <div id={`${id}-issues`} role={issues.length ? 'alert' : undefined}>
          {issues.length ? (
            issues.map((issue) => (
              <div key={issue} className="field-error">
                {issue}
              </div>
            ))
          ) : (
            <span className="muted small-note">{t('chat.toolParametersHint')}</span>
          )}
        </div>
      </div>
      <label className="checkbox">
        <input
          type="checkbox"
          checked={draft.strict}
          onChange={(e) => onChange({ strict: e.target.checked })}
        />
        {t('chat.toolStrict')}
      </label>
      <div className="field">
        <label htmlFor={`${id}-mock`}>{t('chat.toolMock')}</label>
        <textarea
          id={`${id}-mock`}
          className="mono"
          rows={2}
          spellCheck={false}
          value={draft.mock}
          aria-describedby={`${id}-mock-hint`}
          onChange={(e) => onChange({ mock: e.target.value })}
        />
        <span id={`${id}-mock-hint`} className="muted small-note">
          {t('chat.toolMockHint')}
        </span>
      </div>
      <button type="button" className="ghost small" onClick={onRemove}>
        {t('chat.toolRemove', { name: draft.name || String(index + 1) })}
      </button>
    </fieldset>
  );
}

/**
 * Functions the model may call, with `tool_choice` and `parallel_tool_calls`. The drafts are
 * the truth while typing; the form's params take them whenever all of them are valid, as the
 * stop sequences do, so a half-typed schema never reaches a request.
 */
export function ToolsEditor({ opened }: { opened?: 'open' | 'focus' } = {}) {
  const params = useChat((s) => s.params);
  const setParams = useChat((s) => s.setParams);
  const [drafts, setDrafts] = useState<ToolDraft[]>(() => (params.tools ?? []).map(draftOf));
  const summary = useRef<HTMLElement>(null);
  useEffect(() => {
    if (opened === 'focus') summary.current?.focus();
  }, [opened]);
  // The tools this editor last wrote: anything else (a preset, another conversation) resets it.
  const written = useRef(params.tools);
  useEffect(() => {
    if (params.tools === written.current) return;
    written.current = params.tools;
    setDrafts((params.tools ?? []).map(draftOf));
  }, [params.tools]);
  const schemaProblems = useSchemaProblems(drafts);
  const problems = drafts.map((d, i) => draftProblems(d, i, drafts));

  const update = (next: ToolDraft[]) => {
    setDrafts(next);
    if (next.some((d, i) => draftProblems(d, i, next).length > 0)) return;
    const updated = withTools(useChat.getState().params, next.map(toolOf));
    written.current = updated.tools;
    setParams(updated);
  };
  const setField = (patch: Partial<ChatParamsInput>) => {
    const next: Record<string, unknown> = { ...params, ...patch };
    for (const [k, v] of Object.entries(patch)) if (v === undefined) delete next[k];
    setParams(next as ChatParamsInput);
  };
  const names = (params.tools ?? []).map((tool) => tool.function.name);
  const choice = params.tool_choice;
  const choiceValue =
    choice === undefined ? '' : typeof choice === 'string' ? choice : `fn:${choice.function.name}`;
  const noTools = names.length === 0;

  return (
    <details className="more-params tools-params" open={drafts.length > 0 || opened !== undefined}>
      <summary ref={summary}>
        {drafts.length ? t('chat.toolsCount', { count: drafts.length }) : t('chat.tools')}
      </summary>
      <p className="muted small-note">{t('chat.toolsHint')}</p>
      {drafts.map((draft, i) => (
        <ToolFields
          key={i}
          draft={draft}
          index={i}
          problems={problems[i]}
          schemaProblems={schemaProblems[draft.parameters] ?? []}
          onChange={(patch) => update(drafts.map((d, j) => (j === i ? { ...d, ...patch } : d)))}
          onRemove={() => update(drafts.filter((_, j) => j !== i))}
        />
      ))}
      {drafts.length < MAX_TOOLS ? (
        <button type="button" className="small" onClick={() => setDrafts([...drafts, { ...BLANK }])}>
          {t('chat.toolAdd')}
        </button>
      ) : (
        <span className="muted small-note">{t('chat.toolsTooMany', { max: MAX_TOOLS })}</span>
      )}
      <div className="field">
        <label htmlFor="param-tool-choice">{t('chat.toolChoice')}</label>
        <select
          id="param-tool-choice"
          value={choiceValue}
          disabled={noTools}
          onChange={(e) => {
            const v = e.target.value;
            setField({
              tool_choice: !v
                ? undefined
                : v.startsWith('fn:')
                  ? { type: 'function', function: { name: v.slice(3) } }
                  : (v as (typeof TOOL_CHOICE_MODES)[number]),
            });
          }}
        >
          <option value="">{t('chat.default')}</option>
          <option value="auto">{t('chat.toolChoiceAuto')}</option>
          <option value="none">{t('chat.toolChoiceNone')}</option>
          <option value="required">{t('chat.toolChoiceRequired')}</option>
          {names.map((name) => (
            <option key={name} value={`fn:${name}`}>
              {t('chat.toolChoiceNamed', { name })}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor="param-parallel-tools">{t('chat.parallelToolCalls')}</label>
        <select
          id="param-parallel-tools"
          value={params.parallel_tool_calls === undefined ? '' : String(params.parallel_tool_calls)}
          disabled={noTools}
          onChange={(e) =>
            setField({ parallel_tool_calls: e.target.value === '' ? undefined : e.target.value === 'true' })
          }
        >
          <option value="">{t('chat.default')}</option>
          <option value="true">{t('chat.parallelOn')}</option>
          <option value="false">{t('chat.parallelOff')}</option>
        </select>
      </div>
    </details>
  );
}
