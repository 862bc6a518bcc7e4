import type { BatchCase } from '../../../../src-shared/judge/batch-run';

/**
 * Where a batch run reads its cases: counted once, then read page by page in a stable order,
 * so a large source is never held whole. Any table of cases can stand behind it.
 */
export interface CaseSource {
  count(): Promise<number> | number;
  page(offset: number, limit: number): Promise<BatchCase[]> | BatchCase[];
}

/** Cases held in memory (given with the run, or by a test). */
export function memoryCaseSource(cases: readonly BatchCase[]): CaseSource {
  return {
    count: () => cases.length,
    page: (offset, limit) => cases.slice(offset, offset + limit),
  };
}

/** One case by id, read through the pages (a retry of one case). */
export async function findCase(
  source: CaseSource,
  id: string,
  pageSize = 200,
): Promise<BatchCase | undefined> {
  for (let offset = 0; ; offset += pageSize) {
    const page = await source.page(offset, pageSize);
    const found = page.find((c) => c.id === id);
    if (found || page.length < pageSize) return found;
  }
}
