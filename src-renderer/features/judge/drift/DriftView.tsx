/** The Drift view of a saved set's workbench (being built). */
export function DriftView({ setId }: { setId: string }) {
  return <p className="muted empty-state" data-set={setId} />;
}
