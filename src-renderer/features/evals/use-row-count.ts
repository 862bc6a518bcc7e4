import { useRoute } from '../../hooks/use-route';
import { useEvals } from './evals-store';

/** How many rows the open eval holds (0 for a new one), from the first page's total. */
export function useRowCount(): number {
  const evalId = useEvals((s) => s.evalId);
  const page = useRoute('evals.rows.page', { id: evalId ?? '', from: 0, limit: 1 }, { enabled: !!evalId });
  return evalId ? (page.data?.total ?? 0) : 0;
}
