import { type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import type { ModelKind } from '../../src-shared/models/model-kind';
import type { ModelInfo } from '../../src-shared/profiles/profile-view';
import { formatNumber, t } from '../i18n/i18n';
import { visibleRows } from './visible-rows';
import { filterModels, indexModels, MATCH_CAP, type Row } from './model-filter';
import { type ModelScope, recallModel, useModelMemory } from './model-memory';

/** Fixed row height: the slice in view is computed, never measured (jsdom measures nothing). */
export const ROW_HEIGHT = 28;
const VIEW_ROWS = 8;
const OVERSCAN = 4;

export interface ModelPickerProps {
  id: string;
  label: string;
  value: string;
  onChange: (model: string) => void;
  models: readonly ModelInfo[];
  /** The current tab's kind: its group comes first. */
  kind: ModelKind;
  /** Where the last model is remembered, together with the profile. */
  scope: ModelScope;
  profileId: string | undefined;
  placeholder?: string;
  /** Shown next to the field when the list failed; the field keeps its value. */
  listError?: string;
  invalid?: boolean;
  describedBy?: string;
  /** False while the field holds a value that must stand (a re-run's model). */
  restore?: boolean;
  children?: ReactNode;
}

/**
 * A combobox over the profile's model ids: free text is allowed, the list filters as the user
 * types and renders only the rows in view, so 100,000 ids cost what a few dozen do.
 */
export function ModelPicker(props: ModelPickerProps) {
  const { id, value, onChange, scope, profileId } = props;
  const listId = `${id}-listbox`;
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(-1);
  const [scrollTop, setScrollTop] = useState(0);
  const listRef = useRef<HTMLDivElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const remember = useModelMemory((s) => s.remember);

  // Restore the last model used here for this profile when the field appears or the profile changes.
  // Read through refs: callers pass a new onChange each render, which must not re-run this.
  const latest = useRef({ value, onChange, restore: props.restore });
  latest.current = { value, onChange, restore: props.restore };
  useEffect(() => {
    const last = recallModel(scope, profileId);
    if (latest.current.restore === false) return;
    if (last && last !== latest.current.value) latest.current.onChange(last);
  }, [scope, profileId]);

  const index = useMemo(() => indexModels(props.models), [props.models]);
  const { rows, options, capped } = useMemo(
    () => filterModels(index, query, props.kind),
    [index, query, props.kind],
  );
  const rowOf = useMemo(() => {
    const out: number[] = [];
    rows.forEach((r, i) => {
      if (r.type === 'option') out[r.index] = i;
    });
    return out;
  }, [rows]);

  const choose = (model: string) => {
    onChange(model);
    if (profileId !== undefined) remember(scope, profileId, model);
  };
  const pick = (i: number) => {
    choose(options[i]);
    setOpen(false);
    setActive(-1);
  };
  const show = (fromQuery: string) => {
    setQuery(fromQuery);
    setOpen(true);
    setActive(-1);
    setScrollTop(0);
    if (listRef.current) listRef.current.scrollTop = 0;
  };
  // Keep the active option inside the rendered slice, so aria-activedescendant names a real node.
  const moveTo = (i: number) => {
    if (options.length === 0) return;
    const next = Math.max(0, Math.min(options.length - 1, i));
    setActive(next);
    const top = rowOf[next] * ROW_HEIGHT;
    let st = scrollTop;
    if (top < st) st = next === 0 ? 0 : top;
    else if (top + ROW_HEIGHT > st + VIEW_ROWS * ROW_HEIGHT) st = top + ROW_HEIGHT - VIEW_ROWS * ROW_HEIGHT;
    if (st !== scrollTop) {
      setScrollTop(st);
      if (listRef.current) listRef.current.scrollTop = st;
    }
  };

  const onKeyDown = (e: React.KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      if (!open) {
        show('');
        return;
      }
      moveTo(e.key === 'ArrowDown' ? active + 1 : active < 0 ? options.length - 1 : active - 1);
    } else if (open && (e.key === 'Home' || e.key === 'End')) {
      e.preventDefault();
      moveTo(e.key === 'Home' ? 0 : options.length - 1);
    } else if (e.key === 'Enter' && open && active >= 0) {
      // Only a highlighted option is taken; otherwise Enter does what it did (submits the form).
      e.preventDefault();
      pick(active);
    } else if (e.key === 'Escape' && open) {
      e.preventDefault();
      setOpen(false);
      setActive(-1);
    }
  };

  const height = Math.min(rows.length, VIEW_ROWS) * ROW_HEIGHT;
  const { first, last } = visibleRows({
    scrollTop,
    viewHeight: VIEW_ROWS * ROW_HEIGHT,
    rowHeight: ROW_HEIGHT,
    count: rows.length,
    overscan: OVERSCAN,
  });
  const optionId = (i: number) => `${id}-opt-${i}`;
  const describedBy = [props.describedBy, props.listError ? `${id}-list-err` : undefined]
    .filter(Boolean)
    .join(' ');

  const noMatch = query.trim() !== '' && options.length === 0 && index.length > 0;
  const renderRow = (row: Row, k: number) => {
    const top = (first + k) * ROW_HEIGHT;
    if (row.type === 'group')
      return (
        <div key={`g-${row.kind}`} role="presentation" className="picker-group" style={{ top }}>
          {t(`picker.group.${row.kind}`)}
        </div>
      );
    return (
      <div
        key={row.id}
        id={optionId(row.index)}
        role="option"
        aria-selected={row.index === active}
        className="picker-item"
        // A narrow field cuts long ids: the whole id on hover.
        title={row.id}
        style={{ top }}
        onMouseEnter={() => setActive(row.index)}
        onClick={() => pick(row.index)}
      >
        {row.id}
      </div>
    );
  };

  return (
    <div className="field">
      <label htmlFor={id}>{props.label}</label>
      <div className="picker-row">
        <input
          ref={inputRef}
          id={id}
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={open}
          aria-controls={listId}
          aria-activedescendant={open && active >= 0 ? optionId(active) : undefined}
          aria-invalid={props.invalid}
          aria-describedby={describedBy || undefined}
          autoComplete="off"
          spellCheck={false}
          value={value}
          title={value || undefined}
          placeholder={props.placeholder}
          onChange={(e) => {
            choose(e.target.value);
            show(e.target.value);
          }}
          onKeyDown={onKeyDown}
          onBlur={() => setOpen(false)}
        />
        <button
          type="button"
          className="picker-toggle"
          tabIndex={-1}
          aria-label={t('picker.toggle')}
          title={t('picker.toggle')}
          aria-expanded={open}
          aria-controls={listId}
          // Keep the focus in the input, which owns the keyboard.
          onMouseDown={(e) => e.preventDefault()}
          onClick={() => {
            if (open) return setOpen(false);
            // The list belongs to the input: focused, a click outside (blur) or Escape closes it.
            inputRef.current?.focus();
            show('');
          }}
        >
          ▾
        </button>
        {/* Laid over what follows, so opening or closing it never moves the button being clicked. */}
        <div className="picker-pop" hidden={!open || (rows.length === 0 && !noMatch)}>
          <div
            id={listId}
            ref={listRef}
            role="listbox"
            aria-label={t('picker.suggestions')}
            className="picker-list"
            style={{ height }}
            onMouseDown={(e) => e.preventDefault()}
            onScroll={(e) => setScrollTop(e.currentTarget.scrollTop)}
          >
            <div style={{ height: rows.length * ROW_HEIGHT, position: 'relative' }}>
              {open ? rows.slice(first, last).map(renderRow) : null}
            </div>
          </div>
          {capped ? (
            <p className="muted small-note">{t('picker.capped', { n: formatNumber(MATCH_CAP) })}</p>
          ) : null}
          {noMatch ? <p className="muted small-note">{t('picker.noMatch')}</p> : null}
        </div>
      </div>
      {props.listError ? (
        <span id={`${id}-list-err`} className="field-error">
          {props.listError}
        </span>
      ) : null}
      {props.children}
    </div>
  );
}
