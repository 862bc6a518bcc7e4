import { EvalEditor } from './EvalEditor';
import { EvalSidebar } from './EvalSidebar';
import { EvalsEmpty } from './EvalsEmpty';
import { useEvals } from './evals-store';
import './evals.css';

/**
 * The Evals tab (docs/architecture.md, "Evals"): the saved evals beside the one
 * open, its definition and its dataset. The matrix of results comes with the run routes.
 */
export function EvalsTab() {
  const open = useEvals((s) => s.draft !== undefined);
  const opened = useEvals((s) => s.opened);
  return (
    <div className="evals-layout">
      <EvalSidebar />
      <div className="evals-main">{open ? <EvalEditor key={opened} /> : <EvalsEmpty />}</div>
    </div>
  );
}
