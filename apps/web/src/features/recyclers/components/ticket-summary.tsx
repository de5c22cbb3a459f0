/** One scale ticket in a list: number, recycler, status, when, and the net kilos per material. */
import { formatKg, type Ticket } from '@puntoverde/contract';
import { useTranslation } from 'react-i18next';

export function TicketSummary({ ticket }: { ticket: Ticket }) {
  const { t, i18n } = useTranslation();
  return (
    <>
      <p>
        <strong>{ticket.number}</strong> · {ticket.member.name} · {t(`recyclers.tickets.statuses.${ticket.status}`)}
      </p>
      <p className="rc-hint">
        {new Date(ticket.weighed_at).toLocaleString(i18n.language.startsWith('en') ? 'en-CO' : 'es-CO', { timeZone: 'America/Bogota', dateStyle: 'medium', timeStyle: 'short' })}
        {' · '}
        {ticket.lines.map((l) => `${l.material_name} ${formatKg(l.net_kg, i18n.language)}`).join(', ')}
      </p>
      {ticket.voided_by ? <p className="rc-hint">{t('recyclers.tickets.voidedBy', { number: ticket.voided_by.number, reason: ticket.void_reason ?? '' })}</p> : null}
    </>
  );
}
