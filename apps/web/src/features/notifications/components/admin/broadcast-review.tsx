/** What staff see before a broadcast goes out: its preview card and the confirmation with its reach. */
import { QUIET_HOURS_DEFAULT, type BroadcastAudienceSize, type CreateBroadcast } from '@puntoverde/contract';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../../lib/date-format';
import { useAudienceLabel } from './broadcast-audience';
import { countText } from '../../../../lib/count-text';

/** How the notification will look: the card of the notification centre and the alert's action. */
export function BroadcastPreview({ title, body, link }: { title: string; body: string; link: string }) {
  const { t } = useTranslation();
  const headingId = useId();
  return (
    <section className="broadcast-preview" aria-labelledby={headingId}>
      <h3 id={headingId}>{t('notifications.admin.preview')}</h3>
      <div className="broadcast-preview-card" data-testid="broadcast-preview">
        <p className="broadcast-preview-kind">{t('notifications.kinds.broadcast')}</p>
        <p className="broadcast-preview-title">{title.trim() || t('notifications.admin.previewTitle')}</p>
        <p>{body.trim() || t('notifications.admin.previewBody')}</p>
        {link.trim() ? (
          <p className="broadcast-preview-link">{t('notifications.admin.previewLink', { link: link.trim() })}</p>
        ) : null}
      </div>
    </section>
  );
}

export function BroadcastConfirmation({
  request,
  size,
  sending,
  onConfirm,
  onBack,
}: {
  request: CreateBroadcast;
  size: BroadcastAudienceSize | null;
  sending: boolean;
  onConfirm: () => void;
  onBack: () => void;
}) {
  const { t, i18n } = useTranslation();
  const audienceLabel = useAudienceLabel();
  const headingId = useId();
  return (
    <section className="pv-callout broadcast-confirm" aria-labelledby={headingId}>
      <h3 id={headingId}>{t('notifications.admin.confirmTitle')}</h3>
      <dl className="broadcast-summary">
        <dt>{t('notifications.admin.to')}</dt>
        <dd>{audienceLabel(request.audience)}</dd>
        <dt>{t('notifications.admin.reach')}</dt>
        <dd>
          {size
            ? t('notifications.admin.reachFigures', {
                people: countText(t, 'people', size.users, i18n.language),
                devices: countText(t, 'pushDevices', size.push_devices, i18n.language),
              })
            : t('notifications.admin.reachUnknown')}
        </dd>
        <dt>{t('notifications.admin.when')}</dt>
        <dd>{request.send_at ? formatDateTime(request.send_at, i18n.language) : t('notifications.admin.now')}</dd>
      </dl>
      <p>{t('notifications.admin.quietNote', { start: QUIET_HOURS_DEFAULT.start, end: QUIET_HOURS_DEFAULT.end })}</p>
      {size && size.users === 0 ? <p role="alert">{t('notifications.admin.nobody')}</p> : null}
      <div className="pv-action-bar">
        <button type="button" className="pv-button" disabled={sending || size?.users === 0} onClick={onConfirm}>
          {request.send_at ? t('notifications.admin.confirmSchedule') : t('notifications.admin.confirmSend')}
        </button>
        <button type="button" className="pv-button pv-button-secondary" disabled={sending} onClick={onBack}>
          {t('notifications.admin.backToEdit')}
        </button>
      </div>
    </section>
  );
}
