/** The Cases view of a saved set's workbench (being built). */
export function CasesView({ setId }: { setId: string }) {
  return <p className="muted empty-state" data-set={setId} />;
}
