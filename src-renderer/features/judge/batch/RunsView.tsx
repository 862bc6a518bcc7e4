/** The Runs view of a saved set's workbench (being built). */
export function RunsView({ setId }: { setId: string }) {
  return <p className="muted empty-state" data-set={setId} />;
}
