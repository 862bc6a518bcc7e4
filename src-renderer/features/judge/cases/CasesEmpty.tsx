import { t } from '../../../i18n/i18n';

/** A set with no cases: what a case is for, and the two ways to make some. */
export function CasesEmpty(p: { onAdd: () => void; onImport: () => void }) {
  return (
    <section className="card cases-empty" aria-labelledby="cases-empty-title">
      <h3 id="cases-empty-title">{t('cases.empty.title')}</h3>
      <p>{t('cases.empty.text')}</p>
      <p className="small-note muted">{t('cases.empty.sample')}</p>
      <div className="row">
        <button type="button" className="primary" onClick={p.onAdd}>
          {t('cases.add')}
        </button>
        <button type="button" onClick={p.onImport}>
          {t('cases.import')}
        </button>
      </div>
    </section>
  );
}
