/**
 * Mis pesajes, for a recycler with an account: the tickets waiting for their confirmation (one tap
 * each), their kilos per material per week, and their tickets with each PDF.
 */
import { formatKg, formatDate } from '@puntoverde/contract';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../../components/field-shell';
import { apiErrorMessage } from '../../../lib/api-errors';
import { fetchTicketPdf, useConfirmMyTicket, useMyWeighings } from '../api/weighing';
import { TicketSummary } from './ticket-summary';
import '../recyclers.css';

export function MyWeighingsScreen() {
  const { t, i18n } = useTranslation();
  const mine = useMyWeighings();
  const confirm = useConfirmMyTicket();
  const [done, setDone] = useState<string | null>(null);
  const [pdfError, setPdfError] = useState<unknown>(null);
  const result = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (done) result.current?.focus();
  }, [done]);
  if (mine.isError) return <FormAlert message={apiErrorMessage(t, mine.error)} />;
  if (!mine.data) return <p role="status">{t('app.loading')}</p>;
  const openPdf = async (id: number) => {
    try {
      const url = URL.createObjectURL(await fetchTicketPdf(null, id));
      window.open(url, '_blank', 'noopener');
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
    } catch (error) {
      setPdfError(error);
    }
  };
  const { pending, weeks, tickets } = mine.data;
  return (
    <div className="rc">
      {done ? (
        <p role="status" tabIndex={-1} ref={result} className="rc-result">
          {done}
        </p>
      ) : null}
      <section aria-labelledby="rc-mine-pending">
        <h2 id="rc-mine-pending">{t('recyclers.mine.pending')}</h2>
        {pending.length ? (
          <ul className="rc-members">
            {pending.map((tk) => (
              <li key={tk.id} className="pv-card">
                <TicketSummary ticket={tk} />
                <button
                  type="button"
                  className="pv-button"
                  disabled={confirm.isPending}
                  onClick={() =>
                    confirm.mutate(tk.id, { onSuccess: (c) => setDone(t('recyclers.mine.confirmed', { number: c.number })) })
                  }
                >
                  {t('recyclers.mine.confirm', { number: tk.number })}
                </button>
              </li>
            ))}
          </ul>
        ) : (
          <p>{t('recyclers.mine.noPending')}</p>
        )}
        <FormAlert message={confirm.error ? apiErrorMessage(t, confirm.error) : null} />
      </section>
      <section aria-labelledby="rc-mine-weeks">
        <h2 id="rc-mine-weeks">{t('recyclers.mine.weeks')}</h2>
        {weeks.length ? (
          <ul className="rc-members">
            {weeks.map((w) => (
              <li key={w.week_start} className="pv-card">
                <h3>{t('recyclers.mine.week', { date: formatDate(w.week_start, i18n.language) })}</h3>
                <ul>
                  {w.materials.map((m) => (
                    <li key={m.material}>
                      {m.material_name}: {formatKg(m.net_kg, i18n.language)}
                    </li>
                  ))}
                </ul>
                <p>
                  <strong>{t('recyclers.mine.total', { kg: formatKg(w.total_net_kg, i18n.language) })}</strong>
                </p>
              </li>
            ))}
          </ul>
        ) : (
          <p>{t('recyclers.mine.none')}</p>
        )}
      </section>
      <section aria-labelledby="rc-mine-history">
        <h2 id="rc-mine-history">{t('recyclers.mine.history')}</h2>
        <FormAlert message={pdfError ? apiErrorMessage(t, pdfError) : null} />
        <ul className="rc-members">
          {tickets.map((tk) => (
            <li key={tk.id} className="pv-card">
              <TicketSummary ticket={tk} />
              <button type="button" className="pv-button pv-button-small" onClick={() => void openPdf(tk.id)}>
                {t('recyclers.mine.pdf', { number: tk.number })}
              </button>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
