/**
 * The coordinator's weighing at the organisation's ECAs: scales (with their verification), scale
 * tickets (a new ticket with its material lines and the pickups it closes, the recycler's
 * confirmation by a signature drawn here or on their own phone, each ticket's PDF), and the
 * stock and sales. Lists are cards, which stack on a phone.
 */
import {
  formatDecimal,
  formatKg,
  parseKg,
  type Organization,
  type Sale,
  type Ticket,
} from '@puntoverde/contract';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../../components/field-shell';
import { SubmitButton } from '../../../components/submit-button';
import { apiErrorMessage } from '../../../lib/api-errors';
import { useMembers } from '../api/members';
import {
  fetchTicketPdf,
  useCreateSale,
  useCreateScale,
  useCreateTicket,
  useSales,
  useUpdateSale,
  useScales,
  useSignTicket,
  useStock,
  useTickets,
  type SaleBody,
  type TicketBody,
} from '../api/weighing';
import { RecyclerField, RecyclerSelect, fieldError, hasFieldErrors } from './recycler-field';
import { SignaturePad } from './signature-pad';
import { TicketSummary } from './ticket-summary';
import { todayInBogota } from '../../../lib/date-format';

type T = ReturnType<typeof useTranslation>['t'];

function formError(t: T, error: unknown): string | null {
  if (!error) return null;
  if (hasFieldErrors(error)) return t('recyclers.fixFields');
  return apiErrorMessage(t, error);
}

/** A status line that takes focus when it appears (the result of the action just done). */
function Result({ text }: { text: string | null }) {
  const ref = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (text) ref.current?.focus();
  }, [text]);
  return text ? (
    <p role="status" tabIndex={-1} ref={ref} className="rc-result">
      {text}
    </p>
  ) : null;
}

async function openPdf(orgId: number | null, ticketId: number, onError: (e: unknown) => void) {
  try {
    const url = URL.createObjectURL(await fetchTicketPdf(orgId, ticketId));
    window.open(url, '_blank', 'noopener');
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  } catch (error) {
    onError(error);
  }
}

// ---- scales ----

const EMPTY_SCALE = { serial: '', capacity_kg: '', division_g: '', certificate_number: '', certificate_expires_on: '' };

export function ScalesPanel({ org }: { org: Organization }) {
  const { t, i18n } = useTranslation();
  const scales = useScales(org.id);
  const create = useCreateScale(org.id);
  const [pointId, setPointId] = useState(String(org.ecas[0]?.point_id ?? ''));
  const [v, setV] = useState(EMPTY_SCALE);
  const [added, setAdded] = useState<string | null>(null);
  const err = (k: string) => fieldError(create.error, k);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setAdded(null);
    create.mutate(
      { pointId: Number(pointId), body: { ...v, active: true } },
      {
        onSuccess: (s) => {
          setAdded(t('recyclers.scales.added', { serial: s.serial }));
          setV(EMPTY_SCALE);
        },
      },
    );
  };
  return (
    <section aria-labelledby="rc-scales-title">
      <h2 id="rc-scales-title">{t('recyclers.tabs.scales')}</h2>
      <Result text={added} />
      {scales.data?.length ? (
        <ul className="rc-members">
          {scales.data.map((s) => (
            <li key={s.id} className="pv-card">
              <p>
                <strong>{s.serial}</strong> · {s.eca_name}
              </p>
              <p className="rc-hint">
                {t('recyclers.scales.summary', {
                  capacity: formatKg(s.capacity_kg, i18n.language),
                  division: formatDecimal(s.division_g, i18n.language),
                  certificate: s.certificate_number,
                  date: s.certificate_expires_on,
                })}
              </p>
              {s.expired ? <p className="pv-field-error">{t('recyclers.scales.expired')}</p> : null}
            </li>
          ))}
        </ul>
      ) : scales.isSuccess ? (
        <p>{t('recyclers.scales.none')}</p>
      ) : null}
      <form className="rc-form" onSubmit={submit} noValidate aria-labelledby="rc-scale-form">
        <h3 id="rc-scale-form">{t('recyclers.scales.add')}</h3>
        <RecyclerSelect
          label={t('recyclers.scales.eca')}
          value={pointId}
          onChange={setPointId}
          options={org.ecas.map((e) => ({ value: String(e.point_id), label: e.name }))}
        />
        <RecyclerField label={t('recyclers.scales.serial')} value={v.serial} onChange={(e) => setV({ ...v, serial: e.target.value })} error={err('serial')} />
        <RecyclerField label={t('recyclers.scales.capacity')} inputMode="decimal" value={v.capacity_kg} onChange={(e) => setV({ ...v, capacity_kg: e.target.value })} error={err('capacity_kg')} />
        <RecyclerField label={t('recyclers.scales.division')} inputMode="decimal" value={v.division_g} onChange={(e) => setV({ ...v, division_g: e.target.value })} error={err('division_g')} />
        <RecyclerField label={t('recyclers.scales.certificate')} value={v.certificate_number} onChange={(e) => setV({ ...v, certificate_number: e.target.value })} error={err('certificate_number')} />
        <RecyclerField label={t('recyclers.scales.expires')} type="date" value={v.certificate_expires_on} onChange={(e) => setV({ ...v, certificate_expires_on: e.target.value })} error={err('certificate_expires_on')} />
        <SubmitButton busy={create.isPending}>
          {t('recyclers.scales.save')}
        </SubmitButton>
        <FormAlert message={formError(t, create.error)} />
      </form>
    </section>
  );
}

// ---- tickets ----

const MATERIALS = ['carton', 'pet', 'plegadiza', 'archivo', 'vidrio', 'chatarra'];
type Line = TicketBody['lines'][number];
const EMPTY_LINE: Line = { material: 'carton', gross_kg: '', tare_kg: '', reject_kg: '', pickup_id: null };

function netText(line: Line, language: string): string {
  const gross = parseKg(line.gross_kg);
  const tare = parseKg(line.tare_kg || '0');
  return gross === null || tare === null ? '—' : formatKg(Math.round((gross - tare) * 100) / 100, language);
}

export function TicketsPanel({ org }: { org: Organization }) {
  const { t, i18n } = useTranslation();
  const tickets = useTickets(org.id);
  const scales = useScales(org.id);
  const members = useMembers(org.id);
  const create = useCreateTicket(org.id);
  const [pointId, setPointId] = useState(String(org.ecas[0]?.point_id ?? ''));
  const [scaleId, setScaleId] = useState('');
  const [memberId, setMemberId] = useState('');
  const [macroId, setMacroId] = useState(String(org.macro_routes[0]?.id ?? ''));
  const [lines, setLines] = useState<Line[]>([{ ...EMPTY_LINE }]);
  const [pickups, setPickups] = useState('');
  const [open, setOpen] = useState<Ticket | null>(null);
  const [pdfError, setPdfError] = useState<unknown>(null);
  const usable = (scales.data ?? []).filter((s) => s.active && String(s.eca_point_id) === pointId);
  const active = (members.data ?? []).filter((m) => m.status === 'activo');
  const err = (k: string) => fieldError(create.error, k);
  const setLine = (i: number, patch: Partial<Line>) => setLines(lines.map((l, j) => (j === i ? { ...l, ...patch } : l)));
  const pickupIds = pickups
    .split(/[\s,;#]+/)
    .filter(Boolean)
    .map(Number)
    .filter((n) => Number.isInteger(n) && n > 0);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    create.mutate(
      {
        eca_point_id: Number(pointId),
        scale_id: Number(scaleId || usable[0]?.id || 0),
        member_id: Number(memberId || active[0]?.id || 0),
        macro_route_id: macroId ? Number(macroId) : null,
        lines: lines.map((l) => ({ ...l, reject_kg: l.reject_kg || '0' })),
        pickups: pickupIds,
      },
      {
        onSuccess: (ticket) => {
          setOpen(ticket);
          setLines([{ ...EMPTY_LINE }]);
          setPickups('');
        },
      },
    );
  };
  return (
    <section aria-labelledby="rc-tickets-title">
      <h2 id="rc-tickets-title">{t('recyclers.tabs.tickets')}</h2>
      {open ? <TicketConfirmation orgId={org.id} ticket={open} onDone={setOpen} /> : null}
      <form className="rc-form" onSubmit={submit} noValidate aria-labelledby="rc-ticket-form">
        <h3 id="rc-ticket-form">{t('recyclers.tickets.new')}</h3>
        <RecyclerSelect label={t('recyclers.scales.eca')} value={pointId} onChange={setPointId} options={org.ecas.map((e) => ({ value: String(e.point_id), label: e.name }))} error={err('eca_point_id')} />
        <RecyclerSelect
          label={t('recyclers.tickets.scale')}
          value={scaleId || String(usable[0]?.id ?? '')}
          onChange={setScaleId}
          options={usable.map((s) => ({ value: String(s.id), label: s.expired ? `${s.serial} (${t('recyclers.scales.expiredShort')})` : s.serial }))}
          error={err('scale_id')}
        />
        <RecyclerSelect
          label={t('recyclers.tickets.member')}
          value={memberId || String(active[0]?.id ?? '')}
          onChange={setMemberId}
          options={active.map((m) => ({ value: String(m.id), label: m.name }))}
          error={err('member_id')}
        />
        <RecyclerSelect
          label={t('recyclers.tickets.macroRoute')}
          optional
          value={macroId}
          onChange={setMacroId}
          options={[{ value: '', label: t('recyclers.tickets.noRoute') }, ...org.macro_routes.map((m) => ({ value: String(m.id), label: `${m.numacro} · ${m.name}` }))]}
          error={err('macro_route_id')}
        />
        <fieldset className="rc-lines">
          <legend>{t('recyclers.tickets.lines')}</legend>
          {lines.map((l, i) => (
            <div key={i} className="pv-card rc-line" role="group" aria-label={t('recyclers.tickets.line', { n: i + 1 })}>
              <RecyclerSelect label={t('recyclers.tickets.material')} value={l.material} onChange={(value) => setLine(i, { material: value })} options={MATERIALS.map((m) => ({ value: m, label: t(`recyclers.materials.${m}`) }))} error={err(`lines.${i}.material`)} />
              <RecyclerField label={t('recyclers.tickets.gross')} inputMode="decimal" value={l.gross_kg} onChange={(e) => setLine(i, { gross_kg: e.target.value })} error={err(`lines.${i}.gross_kg`)} />
              <RecyclerField label={t('recyclers.tickets.tare')} inputMode="decimal" value={l.tare_kg} onChange={(e) => setLine(i, { tare_kg: e.target.value })} error={err(`lines.${i}.tare_kg`)} />
              <p className="rc-hint" aria-live="polite">
                {t('recyclers.tickets.net', { kg: netText(l, i18n.language) })}
              </p>
              <RecyclerField label={t('recyclers.tickets.reject')} optional inputMode="decimal" value={l.reject_kg} onChange={(e) => setLine(i, { reject_kg: e.target.value })} error={err(`lines.${i}.reject_kg`)} />
              {pickupIds.length ? (
                <RecyclerSelect
                  label={t('recyclers.tickets.linePickup')}
                  optional
                  value={l.pickup_id ? String(l.pickup_id) : ''}
                  onChange={(value) => setLine(i, { pickup_id: value ? Number(value) : null })}
                  options={[{ value: '', label: t('recyclers.tickets.noPickup') }, ...pickupIds.map((p) => ({ value: String(p), label: `#${p}` }))]}
                  error={err(`lines.${i}.pickup_id`)}
                />
              ) : null}
              {lines.length > 1 ? (
                <button type="button" className="pv-button pv-button-small" onClick={() => setLines(lines.filter((_, j) => j !== i))}>
                  {t('recyclers.tickets.removeLine', { n: i + 1 })}
                </button>
              ) : null}
            </div>
          ))}
          <button type="button" className="pv-button pv-button-small" onClick={() => setLines([...lines, { ...EMPTY_LINE }])}>
            {t('recyclers.tickets.addLine')}
          </button>
        </fieldset>
        <RecyclerField
          label={t('recyclers.tickets.pickups')}
          optional
          hint={t('recyclers.tickets.pickupsHint')}
          value={pickups}
          onChange={(e) => setPickups(e.target.value)}
          error={err('pickups')}
        />
        <SubmitButton busy={create.isPending}>
          {t('recyclers.tickets.save')}
        </SubmitButton>
        <FormAlert message={formError(t, create.error)} />
      </form>
      <h3>{t('recyclers.tickets.list')}</h3>
      <FormAlert message={pdfError ? apiErrorMessage(t, pdfError) : null} />
      {tickets.data?.length ? (
        <ul className="rc-members">
          {tickets.data.map((tk) => (
            <li key={tk.id} className="pv-card">
              <TicketSummary ticket={tk} />
              <div className="pv-action-bar">
                <button type="button" className="pv-button pv-button-small" onClick={() => void openPdf(org.id, tk.id, setPdfError)}>
                  {t('recyclers.tickets.pdf', { number: tk.number })}
                </button>
                {tk.status === 'pendiente' ? (
                  <button type="button" className="pv-button pv-button-small" onClick={() => setOpen(tk)}>
                    {t('recyclers.tickets.confirmNow', { number: tk.number })}
                  </button>
                ) : null}
              </div>
            </li>
          ))}
        </ul>
      ) : tickets.isSuccess ? (
        <p>{t('recyclers.tickets.none')}</p>
      ) : null}
    </section>
  );
}

/**
 * The recycler confirms a pending ticket: a signature drawn on this screen (pointer or touch), or
 * — the keyboard's way, and the one for a member with an account — a tap on their own phone,
 * where the ticket waits in Mis pesajes.
 */
function TicketConfirmation({ orgId, ticket, onDone }: { orgId: number; ticket: Ticket; onDone: (t: Ticket | null) => void }) {
  const { t } = useTranslation();
  const sign = useSignTicket(orgId);
  const heading = useRef<HTMLHeadingElement>(null);
  const [png, setPng] = useState<Blob | null>(null);
  const [result, setResult] = useState<string | null>(null);
  useEffect(() => heading.current?.focus(), [ticket.id]);
  const confirmed = ticket.status !== 'pendiente';
  return (
    <section className="pv-card rc-confirm" aria-labelledby="rc-confirm-title">
      <h3 id="rc-confirm-title" tabIndex={-1} ref={heading}>
        {t('recyclers.tickets.recorded', { number: ticket.number })}
      </h3>
      <TicketSummary ticket={ticket} />
      <Result text={result} />
      {!confirmed ? (
        <>
          {ticket.member.has_account ? <p>{t('recyclers.tickets.phoneWaiting', { name: ticket.member.name })}</p> : null}
          <SignaturePad label={t('recyclers.tickets.signatureLabel', { name: ticket.member.name })} onChange={setPng} />
          <div className="pv-action-bar">
            <button
              type="button"
              className="pv-button"
              disabled={!png || sign.isPending}
              onClick={() =>
                png &&
                sign.mutate(
                  { ticketId: ticket.id, png },
                  { onSuccess: (done) => setResult(t('recyclers.tickets.signed', { number: done.number })) },
                )
              }
            >
              {t('recyclers.tickets.saveSignature')}
            </button>
            <button type="button" className="pv-button pv-button-small" onClick={() => onDone(null)}>
              {ticket.member.has_account ? t('recyclers.tickets.leaveForPhone') : t('recyclers.tickets.later')}
            </button>
          </div>
          <FormAlert message={sign.error ? (fieldError(sign.error, 'signature_id') ?? apiErrorMessage(t, sign.error)) : null} />
        </>
      ) : null}
    </section>
  );
}

// ---- stock and sales ----

/** A new sale's fields; the invoice is dated today unless the coordinator says otherwise. */
const emptySale = () => ({
  buyer_id_type: 'NIT' as SaleBody['buyer_id_type'],
  buyer_id_number: '',
  buyer_name: '',
  invoice_number: '',
  invoice_date: todayInBogota(),
  cufe: '',
  material: 'carton',
  kg: '',
  price_per_kg: '',
  vat_rate: '0',
});

/** A number as the form's fields hold it (decimal comma). */
const typed = (n: number) => String(n).replace('.', ',');

/** An existing sale's fields, to correct it: the form edits its first line, the others stay. */
const saleFields = (sale: Sale) => ({
  buyer_id_type: sale.buyer_id_type,
  buyer_id_number: sale.buyer_id_number,
  buyer_name: sale.buyer_name,
  invoice_number: sale.invoice_number,
  invoice_date: sale.invoice_date,
  cufe: sale.cufe ?? '',
  material: sale.lines[0]?.material ?? 'carton',
  kg: typed(sale.lines[0]?.kg ?? 0),
  price_per_kg: typed(sale.lines[0]?.price_per_kg ?? 0),
  vat_rate: typed(sale.lines[0]?.vat_rate ?? 0),
});

export function SalesPanel({ org }: { org: Organization }) {
  const { t, i18n } = useTranslation();
  const stock = useStock(org.id);
  const sales = useSales(org.id);
  const create = useCreateSale(org.id);
  const update = useUpdateSale(org.id);
  const [pointId, setPointId] = useState(String(org.ecas[0]?.point_id ?? ''));
  const [v, setV] = useState(emptySale);
  const [editing, setEditing] = useState<Sale | null>(null);
  const [added, setAdded] = useState<string | null>(null);
  const formTitle = useRef<HTMLHeadingElement>(null);
  const write = editing ? update : create;
  const err = (k: string) => fieldError(write.error, k);
  const startEdit = (sale: Sale) => {
    create.reset();
    update.reset();
    setAdded(null);
    setEditing(sale);
    setPointId(String(sale.eca_point_id));
    setV(saleFields(sale));
    formTitle.current?.focus();
  };
  const stopEdit = () => {
    update.reset();
    setEditing(null);
    setV(emptySale());
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setAdded(null);
    const body: SaleBody = {
      eca_point_id: Number(pointId),
      buyer_id_type: v.buyer_id_type,
      buyer_id_number: v.buyer_id_number,
      buyer_name: v.buyer_name,
      invoice_number: v.invoice_number,
      invoice_date: v.invoice_date,
      cufe: v.cufe.trim() || null,
      lines: [
        { material: v.material, kg: v.kg, price_per_kg: v.price_per_kg, vat_rate: v.vat_rate || '0' },
        ...(editing?.lines.slice(1) ?? []).map((l) => ({
          material: l.material,
          kg: typed(l.kg),
          price_per_kg: typed(l.price_per_kg),
          vat_rate: typed(l.vat_rate),
        })),
      ],
    };
    if (editing)
      update.mutate(
        { saleId: editing.id, body },
        {
          onSuccess: (sale) => {
            setAdded(t('recyclers.sales.updated', { invoice: sale.invoice_number, kg: formatKg(sale.total_kg, i18n.language) }));
            setEditing(null);
            setV(emptySale());
          },
        },
      );
    else
      create.mutate(body, {
        onSuccess: (sale) => {
          setAdded(t('recyclers.sales.added', { invoice: sale.invoice_number, kg: formatKg(sale.total_kg, i18n.language) }));
          setV(emptySale());
        },
      });
  };
  const money = (n: number) => `$ ${formatDecimal(n, i18n.language, 0)}`;
  return (
    <section aria-labelledby="rc-sales-title">
      <h2 id="rc-sales-title">{t('recyclers.tabs.sales')}</h2>
      <h3>{t('recyclers.sales.stock')}</h3>
      {stock.data?.length ? (
        <ul className="rc-members">
          {stock.data
            .filter((s) => String(s.eca_point_id) === pointId)
            .map((s) => (
              <li key={`${s.eca_point_id}-${s.material}`} className="pv-card">
                <p>
                  <strong>{s.material_name}</strong>: {formatKg(s.stock_kg, i18n.language)}
                </p>
                <p className="rc-hint">
                  {t('recyclers.sales.stockDetail', {
                    weighed: formatKg(s.weighed_kg, i18n.language),
                    rejects: formatKg(s.reject_kg, i18n.language),
                    sold: formatKg(s.sold_kg, i18n.language),
                  })}
                </p>
              </li>
            ))}
        </ul>
      ) : stock.isSuccess ? (
        <p>{t('recyclers.sales.noStock')}</p>
      ) : null}
      <Result text={added} />
      <form className="rc-form" onSubmit={submit} noValidate aria-labelledby="rc-sale-form">
        <h3 id="rc-sale-form" ref={formTitle} tabIndex={-1}>
          {editing ? t('recyclers.sales.editing', { invoice: editing.invoice_number }) : t('recyclers.sales.new')}
        </h3>
        <RecyclerSelect label={t('recyclers.scales.eca')} value={pointId} onChange={setPointId} options={org.ecas.map((e) => ({ value: String(e.point_id), label: e.name }))} error={err('eca_point_id')} />
        <RecyclerSelect label={t('recyclers.sales.buyerType')} value={v.buyer_id_type} onChange={(value) => setV({ ...v, buyer_id_type: value as SaleBody['buyer_id_type'] })} options={['NIT', 'CC', 'CE'].map((k) => ({ value: k, label: k }))} error={err('buyer_id_type')} />
        <RecyclerField label={t('recyclers.sales.buyerNumber')} value={v.buyer_id_number} onChange={(e) => setV({ ...v, buyer_id_number: e.target.value })} error={err('buyer_id_number')} />
        <RecyclerField label={t('recyclers.sales.buyerName')} value={v.buyer_name} onChange={(e) => setV({ ...v, buyer_name: e.target.value })} error={err('buyer_name')} />
        <RecyclerField label={t('recyclers.sales.invoice')} value={v.invoice_number} onChange={(e) => setV({ ...v, invoice_number: e.target.value })} error={err('invoice_number')} />
        <RecyclerField label={t('recyclers.sales.invoiceDate')} type="date" value={v.invoice_date} onChange={(e) => setV({ ...v, invoice_date: e.target.value })} error={err('invoice_date')} />
        <RecyclerField label={t('recyclers.sales.cufe')} optional value={v.cufe} onChange={(e) => setV({ ...v, cufe: e.target.value })} error={err('cufe')} />
        <RecyclerSelect label={t('recyclers.tickets.material')} value={v.material} onChange={(value) => setV({ ...v, material: value })} options={MATERIALS.map((m) => ({ value: m, label: t(`recyclers.materials.${m}`) }))} error={err('lines.0.material')} />
        <RecyclerField label={t('recyclers.sales.kg')} inputMode="decimal" value={v.kg} onChange={(e) => setV({ ...v, kg: e.target.value })} error={err('lines.0.kg')} />
        <RecyclerField label={t('recyclers.sales.price')} inputMode="decimal" value={v.price_per_kg} onChange={(e) => setV({ ...v, price_per_kg: e.target.value })} error={err('lines.0.price_per_kg')} />
        <RecyclerField label={t('recyclers.sales.vat')} inputMode="decimal" value={v.vat_rate} onChange={(e) => setV({ ...v, vat_rate: e.target.value })} error={err('lines.0.vat_rate')} />
        <SubmitButton busy={write.isPending}>
          {editing ? t('recyclers.sales.saveChanges') : t('recyclers.sales.save')}
        </SubmitButton>
        {editing ? (
          <button type="button" className="pv-button pv-button-secondary pv-button-small" onClick={stopEdit}>
            {t('recyclers.sales.cancelEdit')}
          </button>
        ) : null}
        <FormAlert message={formError(t, write.error)} />
      </form>
      <h3>{t('recyclers.sales.list')}</h3>
      {sales.data?.length ? (
        <ul className="rc-members">
          {sales.data.map((s) => (
            <li key={s.id} className="pv-card">
              <p>
                <strong>{s.invoice_number}</strong> · {s.invoice_date} · {s.buyer_name}
              </p>
              <p className="rc-hint">
                {s.lines.map((l) => `${l.material_name} ${formatKg(l.kg, i18n.language)}`).join(', ')} · {money(s.value_with_vat)}
                {s.cufe ? '' : ` · ${t('recyclers.sales.noCufe')}`}
              </p>
              <button type="button" className="pv-button pv-button-secondary pv-button-small" onClick={() => startEdit(s)} aria-label={t('recyclers.sales.editLabel', { invoice: s.invoice_number })}>
                {t('recyclers.sales.edit')}
              </button>
            </li>
          ))}
        </ul>
      ) : sales.isSuccess ? (
        <p>{t('recyclers.sales.none')}</p>
      ) : null}
    </section>
  );
}
