/**
 * A member's id card, the size of a cédula when printed (recyclers.css @media print): photo,
 * name, document, organisation and the QR anyone scans to check it. Also as a PDF.
 */
import { formatDocumentNumber, formatNit } from '@puntoverde/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppLink } from '../../../components/app-link';
import { FormAlert } from '../../../components/field-shell';
import { apiErrorMessage } from '../../../lib/api-errors';
import { fetchMemberCardPdf, useMemberCard, useReissueCard } from '../api/members';
import '../recyclers.css';

export function MemberCardScreen({ orgId, memberId }: { orgId: number; memberId: number }) {
  const { t } = useTranslation();
  const card = useMemberCard(orgId, memberId);
  const reissue = useReissueCard(orgId, memberId);
  const [pdfError, setPdfError] = useState<unknown>(null);
  if (card.isError) return <FormAlert message={apiErrorMessage(t, card.error)} />;
  if (!card.data) return <p role="status">{t('app.loading')}</p>;
  const c = card.data;
  const openPdf = async () => {
    setPdfError(null);
    try {
      const blob = await fetchMemberCardPdf(orgId, memberId);
      const url = URL.createObjectURL(blob);
      window.open(url, '_blank', 'noopener');
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
    } catch (error) {
      setPdfError(error);
    }
  };
  return (
    <div className="rc-card-page">
      <AppLink to={`/app/tabs/recyclers/${orgId}`} className="back-link rc-no-print">
        {t('recyclers.card.back')}
      </AppLink>
      <article className="rc-card" aria-label={t('recyclers.card.label', { name: c.name })}>
        <header className="rc-card-head">
          <p className="rc-card-org">{c.organization.name}</p>
          <p className="rc-card-sub">
            NIT {formatNit(c.organization.nit)} · {t('recyclers.card.role')}
          </p>
        </header>
        <div className="rc-card-body">
          {c.photo_url ? (
            <img className="rc-card-photo" src={c.photo_url} alt={t('recyclers.card.photoOf', { name: c.name })} />
          ) : (
            <div className="rc-card-photo rc-card-nophoto" aria-hidden="true" />
          )}
          <div className="rc-card-facts">
            <p className="rc-card-name">{c.name}</p>
            <p>
              {t(`recyclers.idTypes.${c.id_type}`)} {formatDocumentNumber(c.id_type, c.id_number)}
            </p>
            <p>{c.status === 'activo' ? t('recyclers.card.active') : t('recyclers.card.notValid')}</p>
          </div>
          <figure className="rc-card-qr">
            <div
              role="img"
              aria-label={t('recyclers.card.qrAlt')}
              // The server draws the QR as SVG from the card's verification link (qrcode).
              dangerouslySetInnerHTML={{ __html: c.qr_svg }}
            />
            <figcaption>{c.code}</figcaption>
          </figure>
        </div>
        <p className="rc-card-foot">{t('recyclers.card.check', { url: c.verify_url })}</p>
      </article>
      <div className="pv-action-bar rc-no-print">
        <button type="button" className="pv-button" onClick={() => window.print()}>
          {t('recyclers.card.print')}
        </button>
        <button type="button" className="pv-button" onClick={() => void openPdf()}>
          {t('recyclers.card.pdf')}
        </button>
        <button
          type="button"
          className="pv-button pv-button-danger pv-button-small"
          disabled={reissue.isPending}
          onClick={() => {
            if (window.confirm(t('recyclers.card.confirmReissue'))) reissue.mutate();
          }}
        >
          {t('recyclers.card.reissue')}
        </button>
      </div>
      <FormAlert message={pdfError || reissue.error ? apiErrorMessage(t, pdfError ?? reissue.error) : null} />
    </div>
  );
}
