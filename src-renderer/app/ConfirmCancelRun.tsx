/**
 * The question before a run is cancelled (a batch run's, an eval run's): what cancelling keeps and
 * loses, Cancel the run focused, Keep it or Escape to go back. Words come from the caller's catalog.
 */
export function ConfirmCancelRun(p: {
  id: string;
  title: string;
  text: string;
  confirm: string;
  keep: string;
  onConfirm: () => void;
  onKeep: () => void;
}) {
  return (
    <div
      className="notice notice-warn"
      role="alertdialog"
      aria-label={p.title}
      aria-describedby={`${p.id}-text`}
      onKeyDown={(e) => e.key === 'Escape' && p.onKeep()}
    >
      <div>
        <p id={`${p.id}-text`}>{p.text}</p>
        <div className="row">
          <button type="button" className="danger small" autoFocus onClick={p.onConfirm}>
            {p.confirm}
          </button>
          <button type="button" className="ghost small" onClick={p.onKeep}>
            {p.keep}
          </button>
        </div>
      </div>
    </div>
  );
}
