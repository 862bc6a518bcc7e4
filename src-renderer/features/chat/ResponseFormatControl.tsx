import './reply-formats.css';
import { useEffect, useState } from 'react';
import type { ChatParamsInput } from '../../../src-shared/chat/conversation';
import type { ResponseFormat, SchemaViolation } from '../../../src-shared/chat/response-format';
import { MAX_SCHEMA_CHARS, SCHEMA_NAME_PATTERN } from '../../../src-shared/chat/response-format-rules';
import { call } from '../../bridge/api';
import { t } from '../../i18n/i18n';
import { useChat } from './chat-store';

type Kind = ResponseFormat['type'];

const STARTER_SCHEMA = `{
  "type": "object",
  "properties": {
    "answer": { "type": "string" }
  },
  "required": ["answer"],
  "additionalProperties": false
}`;

/** What is wrong with the schema's text before main is asked: JSON, an object, the size. */
export function schemaTextProblem(text: string): string | undefined {
  if (text.length > MAX_SCHEMA_CHARS) return t('chat.format.tooLarge', { kb: MAX_SCHEMA_CHARS / 1024 });
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err) {
    return t('chat.format.notJson', { detail: err instanceof Error ? err.message : String(err) });
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return t('chat.format.notObject');
  return undefined;
}

const sameJson = (text: string, value: unknown) => {
  try {
    return JSON.stringify(JSON.parse(text)) === JSON.stringify(value);
  } catch {
    return false;
  }
};

/** Waits this long after the last keystroke before main checks the schema. */
const CHECK_DELAY_MS = 300;

/**
 * Structured outputs: text (nothing sent), any JSON object, or JSON following a schema typed
 * here. The schema is checked as JSON here and as JSON Schema by main (`chat.schema.check`:
 * Ajv compiles schemas to code, which the window's CSP forbids), each problem at its path.
 */
export function ResponseFormatControl() {
  const params = useChat((s) => s.params);
  const setParams = useChat((s) => s.setParams);
  const format = params.response_format;
  const kind: Kind = format?.type ?? 'text';
  const saved = format?.type === 'json_schema' ? format.json_schema : undefined;

  const [name, setName] = useState(saved?.name ?? 'reply');
  const [strict, setStrict] = useState(saved?.strict ?? true);
  const [schemaText, setSchemaText] = useState(
    saved ? JSON.stringify(saved.schema, null, 2) : STARTER_SCHEMA,
  );
  // A preset or conversation opened: show its schema, unless the text typed already says it.
  const savedKey = saved ? JSON.stringify(saved) : '';
  useEffect(() => {
    if (!saved) return;
    setName(saved.name);
    setStrict(saved.strict ?? false);
    setSchemaText((text) => (sameJson(text, saved.schema) ? text : JSON.stringify(saved.schema, null, 2)));
    // Only a change of the saved schema itself resets the fields.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [savedKey]);

  const localProblem = kind === 'json_schema' ? schemaTextProblem(schemaText) : undefined;
  const nameProblem = SCHEMA_NAME_PATTERN.test(name) ? undefined : t('chat.format.nameRule');
  const [checked, setChecked] = useState<{ text: string; problems: SchemaViolation[] } | undefined>();
  useEffect(() => {
    if (kind !== 'json_schema' || localProblem) return;
    let current = true;
    const timer = setTimeout(() => {
      call('chat.schema.check', { text: schemaText })
        .then((problems) => current && setChecked({ text: schemaText, problems }))
        .catch(() => current && setChecked(undefined));
    }, CHECK_DELAY_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [kind, schemaText, localProblem]);

  const write = (next: ResponseFormat | undefined) => {
    const rest: ChatParamsInput = { ...params };
    delete rest.response_format;
    setParams(next ? { ...rest, response_format: next } : rest);
  };
  /** The schema format from the fields, when they are good enough to send. */
  const schemaFormat = (fields: {
    name: string;
    strict: boolean;
    text: string;
  }): ResponseFormat | undefined => {
    if (!SCHEMA_NAME_PATTERN.test(fields.name) || schemaTextProblem(fields.text)) return undefined;
    return {
      type: 'json_schema',
      json_schema: {
        name: fields.name,
        schema: JSON.parse(fields.text) as Record<string, unknown>,
        strict: fields.strict,
      },
    };
  };
  const update = (fields: Partial<{ name: string; strict: boolean; text: string }>) => {
    const next = { name, strict, text: schemaText, ...fields };
    const built = schemaFormat(next);
    // A field being typed that is not good yet keeps the last good format in the request.
    if (built) write(built);
  };

  const problems = checked?.text === schemaText ? checked.problems : undefined;
  const schemaHint = localProblem ? (
    <span id="param-format-schema-hint" className="field-error">
      {localProblem}
    </span>
  ) : problems === undefined ? (
    <span id="param-format-schema-hint" className="muted small-note">
      {t('chat.format.checking')}
    </span>
  ) : problems.length === 0 ? (
    <span id="param-format-schema-hint" className="muted small-note">
      {t('chat.format.schemaOk')}
    </span>
  ) : (
    <div id="param-format-schema-hint" className="field-error">
      {t('chat.format.problems')}
      <ul className="schema-problems">
        {problems.map((p) => (
          <li key={`${p.path}|${p.message}`}>
            <code>{p.path || t('chat.format.root')}</code> {p.message}
          </li>
        ))}
      </ul>
    </div>
  );

  return (
    <fieldset className="response-format">
      <div className="field">
        <label htmlFor="param-format">{t('chat.format.label')}</label>
        <select
          id="param-format"
          value={kind}
          aria-describedby="param-format-hint"
          onChange={(e) => {
            const next = e.target.value as Kind;
            if (next === 'text') write(undefined);
            else if (next === 'json_object') write({ type: 'json_object' });
            else write(schemaFormat({ name, strict, text: schemaText }) ?? { type: 'json_object' });
          }}
        >
          <option value="text">{t('chat.format.text')}</option>
          <option value="json_object">{t('chat.format.jsonObject')}</option>
          <option value="json_schema">{t('chat.format.jsonSchema')}</option>
        </select>
        <span id="param-format-hint" className="muted small-note">
          {t('chat.format.hint')}
        </span>
      </div>
      {kind === 'json_schema' ? (
        <>
          <div className="field">
            <label htmlFor="param-format-name">{t('chat.format.name')}</label>
            <input
              id="param-format-name"
              value={name}
              maxLength={64}
              spellCheck={false}
              aria-invalid={nameProblem !== undefined}
              aria-describedby={nameProblem ? 'param-format-name-err' : undefined}
              onChange={(e) => {
                setName(e.target.value);
                update({ name: e.target.value });
              }}
            />
            {nameProblem ? (
              <span id="param-format-name-err" className="field-error">
                {nameProblem}
              </span>
            ) : null}
          </div>
          <div className="field">
            <label className="checkbox">
              <input
                type="checkbox"
                checked={strict}
                onChange={(e) => {
                  setStrict(e.target.checked);
                  update({ strict: e.target.checked });
                }}
              />
              {t('chat.format.strict')}
            </label>
          </div>
          <div className="field">
            <label htmlFor="param-format-schema">{t('chat.format.schema')}</label>
            <textarea
              id="param-format-schema"
              className="schema-editor"
              rows={10}
              spellCheck={false}
              value={schemaText}
              aria-invalid={localProblem !== undefined || (problems?.length ?? 0) > 0}
              aria-describedby="param-format-schema-hint"
              onChange={(e) => {
                setSchemaText(e.target.value);
                update({ text: e.target.value });
              }}
            />
            {schemaHint}
          </div>
        </>
      ) : null}
    </fieldset>
  );
}
