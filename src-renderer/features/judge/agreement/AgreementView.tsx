/** The Agreement view of a saved set's workbench (being built). */
export function AgreementView({ setId }: { setId: string }) {
  return <p className="muted empty-state" data-set={setId} />;
}
