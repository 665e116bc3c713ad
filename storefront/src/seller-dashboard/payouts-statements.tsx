import type { CommissionInvoice, SellerStatement } from '@mandi/contracts';
import { documentFileName, statementFileName, type LanguageLocale, type StatementFormat } from '@mandi/domain';
import { useId, useState } from 'react';
import { ApiError, apiCall } from '../api/api-fetch';
import { useT } from '../i18n/i18n';
import { fileNameFromDisposition, saveFile } from '../orders/invoice-download';
import { LoadFailed } from '../ui/page';
import panels from '../ui/panels.module.css';
import { useSellerStatements } from './seller-dashboard-queries';
import styles from './payouts.module.css';

/*
 * The seller's weekly statements and Mandi's monthly commission invoices (issue 32): their figures, and each file
 * downloaded with the bearer token (downloadSellerStatement, downloadCommissionInvoice) under the server's name. A
 * file the worker has not stored yet says so instead of a button.
 */

/** A DATE the API sends ('2026-11-30') as the reader's calendar writes it: '30 Nov 2026'. */
function dayText(day: string, locale: LanguageLocale): string {
  return new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${day}T00:00:00Z`),
  );
}

/** A month the API sends ('2026-10') as 'October 2026'. */
function monthText(month: string, locale: LanguageLocale): string {
  return new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${month}-01T00:00:00Z`),
  );
}

/** What a download is for: a week's statement in one format, or a commission invoice. */
type FileAsked =
  { kind: 'statement'; week: string; format: StatementFormat } | { kind: 'invoice'; invoice: CommissionInvoice };

const fileKey = (file: FileAsked) =>
  file.kind === 'statement' ? `${file.week}.${file.format}` : `invoice-${file.invoice.id}`;

type Outcome = { kind: 'done'; file: string } | { kind: 'failed'; message: string } | null;

export function Statements({ uid }: { uid: string }) {
  const titleId = useId();
  const leadId = useId();
  const { t, serverText } = useT();
  const statements = useSellerStatements(uid);
  const [busy, setBusy] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<Outcome>(null);

  const download = async (file: FileAsked) => {
    if (busy) return;
    setBusy(fileKey(file));
    setOutcome(null);
    try {
      const { body, headers } =
        file.kind === 'statement'
          ? await apiCall('downloadSellerStatement', {
              params: { uid, week: file.week, format: file.format },
              auth: true,
            })
          : await apiCall('downloadCommissionInvoice', { params: { uid, invoiceId: file.invoice.id }, auth: true });
      const name =
        fileNameFromDisposition(headers.get('content-disposition')) ??
        (file.kind === 'statement' ? statementFileName(file.week, file.format) : documentFileName(file.invoice.number));
      saveFile(body, name);
      setOutcome({ kind: 'done', file: name });
    } catch (error) {
      const refusal = error instanceof ApiError ? error.serverMessage : null;
      setOutcome({ kind: 'failed', message: refusal ? serverText(refusal) : t('sellerDashboard.statements.failed') });
    } finally {
      setBusy(null);
    }
  };

  return (
    <section className={`${panels.card} ${styles.statements}`} aria-labelledby={titleId} aria-describedby={leadId}>
      <h2 id={titleId} className={panels.cardTitle}>
        {t('sellerDashboard.statements.title')}
      </h2>
      <p id={leadId} className={`${panels.note} ${styles.statementsLead}`}>
        {t('sellerDashboard.statements.lead')}
      </p>
      {statements.isError && !statements.data ? (
        <LoadFailed title={t('sellerDashboard.statements.loadFailed')} onRetry={() => void statements.refetch()} />
      ) : !statements.data ? (
        <div
          className={`${styles.skeleton} ${styles.statementsLoading}`}
          role="status"
          aria-busy="true"
          aria-label={t('sellerDashboard.statements.loading')}
        />
      ) : (
        <>
          <p className={styles.status} role="status">
            {outcome?.kind === 'done' && t('sellerDashboard.statements.done', { file: outcome.file })}
          </p>
          {outcome?.kind === 'failed' && (
            <p className={styles.problem} role="alert">
              {outcome.message}
            </p>
          )}
          <WeeklyStatements
            statements={statements.data.statements}
            busy={busy}
            onDownload={(file) => void download(file)}
          />
          <CommissionInvoices
            invoices={statements.data.commission_invoices}
            busy={busy}
            onDownload={(file) => void download(file)}
          />
        </>
      )}
    </section>
  );
}

/** A download button, busy while its file comes (still focused: aria-disabled, not disabled). */
function DownloadButton({
  label,
  busy,
  describedBy,
  onClick,
}: {
  label: string;
  busy: boolean;
  describedBy: string;
  onClick: () => void;
}) {
  const { t } = useT();
  return (
    <button
      type="button"
      className={`btn btn-outline ${styles.download}`}
      aria-disabled={busy}
      aria-busy={busy}
      aria-describedby={describedBy}
      onClick={onClick}
    >
      {busy ? t('sellerDashboard.statements.downloading') : label}
    </button>
  );
}

function WeeklyStatements({
  statements,
  busy,
  onDownload,
}: {
  statements: SellerStatement[];
  busy: string | null;
  onDownload: (file: FileAsked) => void;
}) {
  const titleId = useId();
  const rowId = useId();
  const { t, rupees, locale } = useT();
  const figures = [
    ['opening', t('sellerDashboard.statements.opening')],
    ['sales_net', t('sellerDashboard.statements.salesNet')],
    ['paid_out', t('sellerDashboard.statements.paidOut')],
    ['adjusted', t('sellerDashboard.statements.adjusted')],
    ['closing', t('sellerDashboard.statements.closing')],
  ] as const;
  return (
    <section aria-labelledby={titleId} className={styles.listSection}>
      <h3 id={titleId} className={styles.subTitle}>
        {t('sellerDashboard.statements.weekly')}
      </h3>
      {statements.length === 0 ? (
        <p className={panels.note}>{t('sellerDashboard.statements.none')}</p>
      ) : (
        <table className={styles.table} role="table" aria-labelledby={titleId}>
          <thead role="rowgroup">
            <tr role="row">
              <th role="columnheader" scope="col">
                {t('sellerDashboard.statements.week')}
              </th>
              {figures.map(([key, label]) => (
                <th key={key} role="columnheader" scope="col" className={styles.number}>
                  {label}
                </th>
              ))}
              <th role="columnheader" scope="col">
                {t('sellerDashboard.statements.files')}
              </th>
            </tr>
          </thead>
          <tbody role="rowgroup">
            {statements.map((statement) => {
              const weekId = `${rowId}-${statement.week_start}`;
              const formats: { format: StatementFormat; ready: boolean; label: string }[] = [
                { format: 'pdf', ready: statement.pdf_ready, label: t('sellerDashboard.statements.downloadPdf') },
                { format: 'csv', ready: statement.csv_ready, label: t('sellerDashboard.statements.downloadCsv') },
              ];
              return (
                <tr key={statement.week_start} role="row" className={styles.row}>
                  <th role="rowheader" scope="row" id={weekId} className={styles.rowHead}>
                    {t('sellerDashboard.statements.weekRange', {
                      start: dayText(statement.week_start, locale),
                      end: dayText(statement.week_end, locale),
                    })}
                  </th>
                  {figures.map(([key, label]) => (
                    <td
                      key={key}
                      role="cell"
                      data-label={label}
                      className={`${styles.number} ${key === 'closing' ? styles.net : ''}`}
                    >
                      {rupees(statement[key])}
                    </td>
                  ))}
                  <td role="cell" data-label={t('sellerDashboard.statements.files')} className={styles.files}>
                    {formats.some((file) => file.ready) ? (
                      formats
                        .filter((file) => file.ready)
                        .map(({ format, label }) => (
                          <DownloadButton
                            key={format}
                            label={label}
                            busy={busy === `${statement.week_start}.${format}`}
                            describedBy={weekId}
                            onClick={() => onDownload({ kind: 'statement', week: statement.week_start, format })}
                          />
                        ))
                    ) : (
                      <span className={panels.muted}>{t('sellerDashboard.statements.preparing')}</span>
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
    </section>
  );
}

function CommissionInvoices({
  invoices,
  busy,
  onDownload,
}: {
  invoices: CommissionInvoice[];
  busy: string | null;
  onDownload: (file: FileAsked) => void;
}) {
  const titleId = useId();
  const rowId = useId();
  const { t, rupees, locale } = useT();
  return (
    <section aria-labelledby={titleId} className={styles.listSection}>
      <h3 id={titleId} className={styles.subTitle}>
        {t('sellerDashboard.statements.commissionInvoices')}
      </h3>
      {invoices.length === 0 ? (
        <p className={panels.note}>{t('sellerDashboard.statements.noInvoices')}</p>
      ) : (
        <table className={styles.table} role="table" aria-labelledby={titleId}>
          <thead role="rowgroup">
            <tr role="row">
              <th role="columnheader" scope="col">
                {t('sellerDashboard.statements.month')}
              </th>
              <th role="columnheader" scope="col">
                {t('sellerDashboard.statements.number')}
              </th>
              <th role="columnheader" scope="col" className={styles.number}>
                {t('sellerDashboard.statements.commission')}
              </th>
              <th role="columnheader" scope="col" className={styles.number}>
                {t('sellerDashboard.statements.gst')}
              </th>
              <th role="columnheader" scope="col" className={styles.number}>
                {t('sellerDashboard.statements.total')}
              </th>
              <th role="columnheader" scope="col">
                {t('sellerDashboard.statements.files')}
              </th>
            </tr>
          </thead>
          <tbody role="rowgroup">
            {invoices.map((invoice) => {
              const monthId = `${rowId}-${invoice.id}`;
              return (
                <tr key={invoice.id} role="row" className={styles.row}>
                  <th role="rowheader" scope="row" id={monthId} className={styles.rowHead}>
                    {monthText(invoice.month, locale)}
                  </th>
                  <td role="cell" data-label={t('sellerDashboard.statements.number')}>
                    {invoice.number}
                  </td>
                  <td role="cell" data-label={t('sellerDashboard.statements.commission')} className={styles.number}>
                    {rupees(invoice.commission)}
                  </td>
                  <td role="cell" data-label={t('sellerDashboard.statements.gst')} className={styles.number}>
                    {rupees(invoice.cgst + invoice.sgst + invoice.igst)}
                  </td>
                  <td
                    role="cell"
                    data-label={t('sellerDashboard.statements.total')}
                    className={`${styles.number} ${styles.net}`}
                  >
                    {rupees(invoice.total)}
                  </td>
                  <td role="cell" data-label={t('sellerDashboard.statements.files')} className={styles.files}>
                    {invoice.pdf_ready ? (
                      <DownloadButton
                        label={t('sellerDashboard.statements.downloadPdf')}
                        busy={busy === `invoice-${invoice.id}`}
                        describedBy={monthId}
                        onClick={() => onDownload({ kind: 'invoice', invoice })}
                      />
                    ) : (
                      <span className={panels.muted}>{t('sellerDashboard.statements.preparing')}</span>
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
    </section>
  );
}
