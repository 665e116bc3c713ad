import type { OrderDocument } from '@mandi/contracts';
import { parseInstant } from '@mandi/domain';
import { useId } from 'react';
import { useT, type Translator } from '../i18n/i18n';
import panels from '../ui/panels.module.css';
import { indiaDateText } from './order-view';
import styles from './orders.module.css';

/*
 * The order's tax documents on the buyer's order page (docs/invoices.md, "Suppliers"): an order of Mandi's products
 * and a seller's carries one invoice (or bill of supply) from each supplier, and a credit note against each when it is
 * cancelled. Each is listed with whose it is and downloaded on its own.
 */

/** Each kind of document in a word ('Tax invoice', 'Bill of supply', 'Credit note'). */
export function documentKindLabels(t: Translator['t']): Record<OrderDocument['kind'], string> {
  return {
    tax_invoice: t('orders.documents.kind.tax_invoice'),
    bill_of_supply: t('orders.documents.kind.bill_of_supply'),
    credit_note: t('orders.documents.kind.credit_note'),
  };
}

/** The list of the order's documents, in the API's order (invoices first); nothing when there is none yet. */
export function OrderDocuments({
  documents,
  onDownload,
}: {
  documents: readonly OrderDocument[];
  onDownload: (invoiceId: string) => void;
}) {
  const titleId = useId();
  const { t } = useT();
  if (documents.length === 0) return null;
  const suppliers = new Set(documents.map((document) => document.supplier)).size;
  return (
    <section className={panels.card} aria-labelledby={titleId}>
      <h2 id={titleId} className={panels.cardTitle}>
        {t('orders.documents.title')}
      </h2>
      {suppliers > 1 && <p className={`${panels.note} ${styles.documentsLead}`}>{t('orders.documents.lead')}</p>}
      <ul className={styles.documents}>
        {documents.map((document) => (
          <DocumentItem key={String(document.invoice_id)} document={document} onDownload={onDownload} />
        ))}
      </ul>
    </section>
  );
}

function DocumentItem({ document, onDownload }: { document: OrderDocument; onDownload: (invoiceId: string) => void }) {
  const { t, locale } = useT();
  const kind = documentKindLabels(t)[document.kind];
  const issued = parseInstant(document.issued_at);
  const name = document.number
    ? t('orders.documents.downloadNumbered', { kind, number: document.number })
    : t('orders.documents.downloadFrom', { kind, supplier: document.supplier });
  return (
    <li className={`${styles.document} ${document.kind === 'credit_note' ? styles.creditNote : ''}`}>
      <div className={styles.documentWhat}>
        <span className={styles.documentKind}>{kind}</span>
        {document.number && <strong className={styles.documentNumber}>{document.number}</strong>}
        <span className={styles.documentSupplier}>{t('orders.documents.soldBy', { supplier: document.supplier })}</span>
        {issued && (
          <span className={panels.muted}>
            <time dateTime={document.issued_at}>
              {t('orders.documents.issued', { date: indiaDateText(issued, locale) })}
            </time>
          </span>
        )}
      </div>
      <button
        type="button"
        className="btn btn-outline"
        aria-label={name}
        onClick={() => onDownload(String(document.invoice_id))}
      >
        {t('orders.documents.download')}
      </button>
    </li>
  );
}
