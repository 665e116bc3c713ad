import {
  currentReturnMonth,
  GST_START_MONTH,
  isMonthText,
  previousReturnMonth,
  type Gstr1CsvTable,
} from '@mandi/domain';
import { useId, useState, type FormEvent } from 'react';
import { ApiError, apiCall } from '../api/api-fetch';
import { useT, type Translator } from '../i18n/i18n';
import { fileNameFromDisposition, saveFile } from '../orders/invoice-download';
import panels from '../ui/panels.module.css';
import styles from './seller-dashboard.module.css';

/*
 * The seller's GST supplies (docs/gst-returns.md): one table of their own GSTR-1 for a month, from the invoices, bills
 * of supply and credit notes Mandi issued in their name, as CSV (the sellerSupplies route). Mandi files GSTR-8 for the
 * TCS it collects on those supplies; the seller files GSTR-1 themselves.
 */

/** The tables in the order the select lists them: the register first, then the summaries, then the documents. */
export const SUPPLIES_TABLES: readonly Gstr1CsvTable[] = ['register', 'b2cs', 'hsn', 'nil', 'docs'];

/** Each table's name ('B2C summary (Table 7)'). */
export function suppliesTableLabels(t: Translator['t']): Record<Gstr1CsvTable, string> {
  return {
    register: t('sellerDashboard.supplies.table.register'),
    b2cs: t('sellerDashboard.supplies.table.b2cs'),
    hsn: t('sellerDashboard.supplies.table.hsn'),
    nil: t('sellerDashboard.supplies.table.nil'),
    docs: t('sellerDashboard.supplies.table.docs'),
  };
}

type Outcome = { kind: 'done'; file: string } | { kind: 'failed'; message: string } | null;

/**
 * The GST supplies panel of the seller's own dashboard: a month (last month in India unless chosen), a table, and
 * Download CSV. A refusal shows the server's message (403 someone else's, 400 a bad month, 409 a document that
 * disagrees) in the reader's language where the catalogue has it.
 */
export function Supplies({ uid, now = () => new Date() }: { uid: string; now?: () => Date }) {
  const titleId = useId();
  const leadId = useId();
  const monthId = useId();
  const tableId = useId();
  const { t, serverText } = useT();
  const labels = suppliesTableLabels(t);
  const [month, setMonth] = useState(() => previousReturnMonth(now()));
  const [table, setTable] = useState<Gstr1CsvTable>('register');
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);

  const download = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (!isMonthText(month)) {
      setOutcome({ kind: 'failed', message: t('sellerDashboard.supplies.chooseMonth') });
      return;
    }
    setBusy(true);
    setOutcome(null);
    try {
      const { body, headers } = await apiCall('sellerSupplies', {
        params: { uid },
        query: { month, table },
        auth: true,
      });
      const file = fileNameFromDisposition(headers.get('content-disposition')) ?? `SUPPLIES-${month}-${table}.csv`;
      saveFile(new Blob([body], { type: 'text/csv;charset=utf-8' }), file);
      setOutcome({ kind: 'done', file });
    } catch (error) {
      const refusal = error instanceof ApiError ? error.serverMessage : null;
      setOutcome({ kind: 'failed', message: refusal ? serverText(refusal) : t('sellerDashboard.supplies.failed') });
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className={`${panels.card} ${styles.supplies}`} aria-labelledby={titleId} aria-describedby={leadId}>
      <h2 id={titleId} className={panels.cardTitle}>
        {t('sellerDashboard.supplies.title')}
      </h2>
      <p id={leadId} className={`${panels.note} ${styles.suppliesLead}`}>
        {t('sellerDashboard.supplies.lead')}
      </p>
      <form className={styles.suppliesForm} onSubmit={(event) => void download(event)} noValidate>
        <div className="field">
          <label htmlFor={monthId}>{t('sellerDashboard.supplies.month')}</label>
          <input
            id={monthId}
            type="month"
            value={month}
            min={GST_START_MONTH}
            max={currentReturnMonth(now())}
            required
            onChange={(event) => {
              setMonth(event.target.value);
              setOutcome(null);
            }}
          />
        </div>
        <div className="field">
          <label htmlFor={tableId}>{t('sellerDashboard.supplies.table')}</label>
          <select
            id={tableId}
            value={table}
            onChange={(event) => {
              setTable(event.target.value as Gstr1CsvTable);
              setOutcome(null);
            }}
          >
            {SUPPLIES_TABLES.map((name) => (
              <option key={name} value={name}>
                {labels[name]}
              </option>
            ))}
          </select>
        </div>
        {/* Busy while the file comes, but still focused (aria-disabled, not disabled). */}
        <button
          type="submit"
          className={`btn btn-primary ${styles.suppliesDownload}`}
          aria-disabled={busy}
          aria-busy={busy}
        >
          {busy ? t('sellerDashboard.supplies.downloading') : t('sellerDashboard.supplies.download')}
        </button>
      </form>
      <p className={styles.status} role="status">
        {outcome?.kind === 'done' && t('sellerDashboard.supplies.done', { file: outcome.file })}
      </p>
      {outcome?.kind === 'failed' && (
        <p className={styles.suppliesProblem} role="alert">
          {outcome.message}
        </p>
      )}
    </section>
  );
}
