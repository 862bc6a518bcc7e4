import { guessModelKind, MODEL_KINDS, type ModelKind } from '../../src-shared/models/model-kind';
import type { ModelInfo } from '../../src-shared/profiles/profile-view';

/** Past this many matches the list stops growing; the user narrows by typing. */
export const MATCH_CAP = 5000;

export interface IndexedModel {
  id: string;
  lower: string;
  kind: ModelKind;
}

/** Built once per list, so a keystroke costs one `includes` per id and no allocation per id. */
export function indexModels(models: readonly ModelInfo[]): IndexedModel[] {
  const seen = new Set<string>();
  const out: IndexedModel[] = [];
  for (const m of models) {
    if (seen.has(m.id)) continue;
    seen.add(m.id);
    out.push({ id: m.id, lower: m.id.toLowerCase(), kind: guessModelKind(m) });
  }
  return out;
}

export type Row = { type: 'group'; kind: ModelKind } | { type: 'option'; id: string; index: number };

export interface Filtered {
  /** Group headers and options, in display order: the scroll container renders a slice. */
  rows: Row[];
  /** The option ids alone; `index` on an option row points in here. */
  options: string[];
  /** True when matching stopped at MATCH_CAP. */
  capped: boolean;
}

/** Case-insensitive substring filter, grouped by kind with `first` on top. */
export function filterModels(index: readonly IndexedModel[], query: string, first: ModelKind): Filtered {
  const q = query.trim().toLowerCase();
  const buckets = new Map<ModelKind, string[]>(MODEL_KINDS.map((k) => [k, []]));
  let count = 0;
  let capped = false;
  for (const m of index) {
    if (q && !m.lower.includes(q)) continue;
    if (count === MATCH_CAP) {
      capped = true;
      break;
    }
    buckets.get(m.kind)?.push(m.id);
    count++;
  }
  const rows: Row[] = [];
  const options: string[] = [];
  for (const kind of [first, ...MODEL_KINDS.filter((k) => k !== first)]) {
    const ids = buckets.get(kind) ?? [];
    if (ids.length === 0) continue;
    rows.push({ type: 'group', kind });
    for (const id of ids) {
      rows.push({ type: 'option', id, index: options.length });
      options.push(id);
    }
  }
  return { rows, options, capped };
}
