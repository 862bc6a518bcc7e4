import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { JudgeCase } from '../../../../src-shared/judge/judge-case';
import type { CaseImportResult } from '../../../../src-shared/judge/judge-case-import';
import { latestRevision } from '../../../../src-shared/judge/question-set';
import type { AppError } from '../../../../src-shared/result';
import { ErrorNotice } from '../../../app/ErrorNotice';
import { asAppError, call } from '../../../bridge/api';
import { formatNumber, t } from '../../../i18n/i18n';
import { CaseEditor, type EditorTarget } from './CaseEditor';
import { CaseExport } from './CaseExport';
import { CaseGrid } from './CaseGrid';
import './cases.css';
import { CasesEmpty } from './CasesEmpty';
import { DeleteConfirm, type DeleteRequest } from './DeleteConfirm';
import { ImportDialog } from './ImportDialog';
import { useCaseCount, useCasePages, useRefreshCases } from './use-case-pages';

/** How long the filter waits after the last keystroke before asking main (a count and a page). */
export const FILTER_DELAY_MS = 250;

function useDebounced(value: string, ms: number): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/**
 * A saved set's test cases (docs/architecture.md, "Judge test cases"): a virtualised grid of
 * all of them (pages fetched as they scroll into view), a filter, an editor beside the grid,
 * import from a file and export. Expected answers are checked against the set's latest saved
 * revision, so its questions (not the draft being edited) give the columns.
 */
export function CasesView({ setId }: { setId: string }) {
  const setQuery = useQuery({
    queryKey: ['judge.sets.get', setId],
    queryFn: () => call('judge.sets.get', { id: setId }),
  });
  const questions = setQuery.data ? latestRevision(setQuery.data).questions : [];
  const [filterText, setFilterText] = useState('');
  const filter = useDebounced(filterText.trim(), FILTER_DELAY_MS);
  const all = useCaseCount(setId, '');
  const matching = useCaseCount(setId, filter);
  const count = (filter ? matching.data : all.data) ?? 0;
  const [range, setRange] = useState({ first: 0, last: 0 });
  const onRange = useCallback((first: number, last: number) => setRange({ first, last }), []);
  const pages = useCasePages(setId, filter, range.first, Math.min(range.last, count));
  const refresh = useRefreshCases(setId);

  const [selected, setSelected] = useState<number>();
  const [checked, setChecked] = useState<ReadonlySet<string>>(new Set());
  const [editor, setEditor] = useState<EditorTarget>();
  const [deleting, setDeleting] = useState<DeleteRequest>();
  const [importing, setImporting] = useState(false);
  const [status, setStatus] = useState('');
  const [error, setError] = useState<AppError>();
  const grid = useRef<HTMLDivElement>(null);

  useEffect(() => setSelected(undefined), [filter]);
  // A row past the end (after a delete) is no row: the selection moves to the last one.
  useEffect(() => {
    if (selected !== undefined && selected >= count) setSelected(count > 0 ? count - 1 : undefined);
  }, [selected, count]);

  const backToGrid = () => requestAnimationFrame(() => grid.current?.focus());
  const closeEditor = () => {
    setEditor(undefined);
    backToGrid();
  };
  const toggle = useCallback(
    (id: string) =>
      setChecked((old) => {
        const next = new Set(old);
        if (!next.delete(id)) next.add(id);
        return next;
      }),
    [],
  );
  const open = (index: number) => {
    const c = pages.caseAt(index);
    if (c) setEditor({ kind: 'edit', index, c });
  };
  const askDelete = (only?: { c: JudgeCase; index: number }) => {
    if (only) return setDeleting({ ids: [only.c.id], label: formatNumber(only.index + 1) });
    if (checked.size > 0) return setDeleting({ ids: [...checked] });
    const c = selected === undefined ? undefined : pages.caseAt(selected);
    if (c && selected !== undefined) setDeleting({ ids: [c.id], label: formatNumber(selected + 1) });
  };
  const duplicate = async (c: JudgeCase, index: number) => {
    try {
      await call('judge.cases.duplicate', { id: c.id });
      await refresh();
      setEditor(undefined);
      setSelected(index + 1);
      setStatus(t('cases.duplicated', { n: formatNumber(index + 1) }));
      backToGrid();
    } catch (err) {
      setError(asAppError(err));
    }
  };
  const onSaved = async (saved: JudgeCase, isNew: boolean) => {
    const before = all.data ?? 0;
    await refresh();
    setEditor(undefined);
    setStatus(t(isNew ? 'cases.added' : 'cases.saved'));
    // A new case goes after the last: select it where it is in the unfiltered list.
    if (isNew && !filter) setSelected(before);
    backToGrid();
    return saved;
  };
  const onDeleted = async (n: number, ids: string[]) => {
    setDeleting(undefined);
    setChecked((old) => new Set([...old].filter((id) => !ids.includes(id))));
    if (editor?.kind === 'edit' && ids.includes(editor.c.id)) setEditor(undefined);
    await refresh();
    setStatus(t('cases.deleted', { n: formatNumber(n) }));
    backToGrid();
  };
  const onImported = (result: CaseImportResult) => {
    void refresh();
    setStatus(
      t('cases.import.done', {
        added: formatNumber(result.added),
        skipped: formatNumber(result.skippedCount),
      }),
    );
  };

  const loadError = setQuery.error ?? all.error ?? matching.error ?? pages.error;
  const empty = all.data === 0;
  const selectedCase = selected === undefined ? undefined : pages.caseAt(selected);
  return (
    <div
      className="cases-view"
      onKeyDown={(e) => {
        // Esc closes the editor from anywhere in the view (the grid keeps the focus while it is open).
        if (e.key === 'Escape' && editor && !importing && !deleting) closeEditor();
      }}
    >
      <div className="row cases-toolbar">
        <input
          type="search"
          className="cases-filter"
          aria-label={t('cases.filter.label')}
          placeholder={t('cases.filter.placeholder')}
          value={filterText}
          disabled={empty && !filterText}
          onChange={(e) => setFilterText(e.target.value)}
        />
        <span className="small-note muted" aria-live="polite">
          {all.data === undefined
            ? t('common.loading')
            : filter
              ? t('cases.count', {
                  n: formatNumber(matching.data ?? 0),
                  total: formatNumber(all.data),
                })
              : t('cases.countAll', { total: formatNumber(all.data) })}
        </span>
        <span className="grow" />
        <button
          type="button"
          className="small"
          onClick={() => setEditor({ kind: 'new' })}
          disabled={!setQuery.data}
        >
          {t('cases.add')}
        </button>
        <button
          type="button"
          className="small"
          disabled={!selectedCase || selected === undefined}
          onClick={() => selectedCase && selected !== undefined && void duplicate(selectedCase, selected)}
        >
          {t('cases.duplicate')}
        </button>
        <button
          type="button"
          className="small danger"
          disabled={checked.size === 0 && !selectedCase}
          onClick={() => askDelete()}
        >
          {checked.size > 0
            ? t('cases.deleteChecked', { n: formatNumber(checked.size) })
            : t('common.delete')}
        </button>
        <button type="button" className="small" onClick={() => setImporting(true)} disabled={!setQuery.data}>
          {t('cases.import')}
        </button>
        <CaseExport
          setId={setId}
          disabled={empty}
          onWritten={(path) => setStatus(t('cases.export.written', { path }))}
          onError={setError}
        />
      </div>
      <p className="small-note muted cases-status" role="status">
        {status}
      </p>
      {loadError ? <ErrorNotice error={asAppError(loadError)} /> : null}
      {error ? <ErrorNotice error={error} onDismiss={() => setError(undefined)} /> : null}
      {deleting ? (
        <DeleteConfirm
          request={deleting}
          onCancel={() => {
            setDeleting(undefined);
            backToGrid();
          }}
          onDeleted={onDeleted}
        />
      ) : null}
      <div className="cases-main">
        {empty ? (
          <CasesEmpty onAdd={() => setEditor({ kind: 'new' })} onImport={() => setImporting(true)} />
        ) : (
          <div className="cases-grid-wrap">
            <CaseGrid
              box={grid}
              count={count}
              questions={questions}
              caseAt={pages.caseAt}
              onRange={onRange}
              selected={selected}
              onSelect={setSelected}
              checked={checked}
              onToggle={toggle}
              onOpen={open}
              onDelete={() => askDelete()}
            />
            {filter && matching.data === 0 ? (
              <p className="muted cases-no-match">{t('cases.noMatch', { filter })}</p>
            ) : null}
            <p id="cases-grid-keys" className="small-note muted">
              {t('cases.grid.keys')}
            </p>
          </div>
        )}
        {editor ? (
          <CaseEditor
            key={editor.kind === 'edit' ? editor.c.id : 'new'}
            setId={setId}
            questions={questions}
            target={editor}
            onClose={closeEditor}
            onSaved={(saved, isNew) => void onSaved(saved, isNew)}
            onDuplicate={(c) => editor.kind === 'edit' && void duplicate(c, editor.index)}
            onDelete={(c, index) => askDelete({ c, index })}
          />
        ) : null}
      </div>
      {importing && setQuery.data ? (
        <ImportDialog
          setId={setId}
          questions={questions}
          onClose={() => {
            setImporting(false);
            backToGrid();
          }}
          onImported={onImported}
        />
      ) : null}
    </div>
  );
}
