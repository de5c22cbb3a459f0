/**
 * The PQR area of the help page: file a PQR, track one by radicado + e-mail, and (logged in)
 * "Mis PQR". The e-mails link here with `?radicado=` to open the tracking tab; the landing's
 * "Radicar una PQR" with `#radicar`, to the filing form.
 */
import type { PqrPublic } from '@puntoverde/contract';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { isLoggedIn } from '../../../lib/session';
import { useSession } from '../../../lib/use-session';
import type { TrackQuery } from '../api/track-pqr';
import '../pqr.css';
import { MyPqrs } from './my-pqrs';
import { OutboxList } from '../../../components/offline/outbox-list';
import type { OutboxEntry } from '../../../lib/offline/outbox';
import { flushOutbox } from '../../../lib/offline/flush';
import { PQR_OUTBOX_KIND, PqrForm } from './pqr-form';
import { PqrReceipt } from './pqr-receipt';
import { PqrTrack } from './pqr-track';

type Tab = 'file' | 'track' | 'mine';

/** The help page's address part that opens it on the PQR filing form (the landing's tile). */
export const PQR_FILING_HASH = '#radicar';

export function PqrEntry() {
  const { t } = useTranslation();
  const user = useSession();
  const loggedIn = isLoggedIn(user);
  const location = useLocation();
  const linked = new URLSearchParams(location.search).get('radicado') ?? undefined;
  const toFiling = location.hash === PQR_FILING_HASH;
  const [chosenTab, setTab] = useState<Tab>(linked ? 'track' : 'file');
  // "Mis PQR" disappears on logout.
  const tab: Tab = !loggedIn && chosenTab === 'mine' ? 'file' : chosenTab;
  const [filed, setFiled] = useState<PqrPublic | null>(null);
  const [trackInitial, setTrackInitial] = useState<Partial<TrackQuery>>({ radicado: linked });
  const [formKey, setFormKey] = useState(0);
  const [queued, setQueued] = useState(false);
  const [editing, setEditing] = useState<OutboxEntry | undefined>();
  const section = useRef<HTMLElement>(null);
  const tabs: Tab[] = loggedIn ? ['file', 'track', 'mine'] : ['file', 'track'];
  const tabRefs = useRef(new Map<Tab, HTMLButtonElement>());

  useEffect(() => {
    const el = section.current;
    // jsdom and some old WebViews lack scrollIntoView.
    if ((linked || toFiling) && el && typeof el.scrollIntoView === 'function') el.scrollIntoView({ block: 'start' });
  }, [linked, toFiling]);

  // Arrow keys move between tabs (WAI-ARIA tabs pattern).
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const i = tabs.indexOf(tab);
    const next =
      event.key === 'ArrowRight'
        ? tabs[(i + 1) % tabs.length]
        : event.key === 'ArrowLeft'
          ? tabs[(i - 1 + tabs.length) % tabs.length]
          : event.key === 'Home'
            ? tabs[0]
            : event.key === 'End'
              ? tabs.at(-1)
              : undefined;
    if (!next) return;
    event.preventDefault();
    setTab(next);
    tabRefs.current.get(next)?.focus();
  };

  return (
    <section ref={section} id="seguimiento" className="pqr" aria-labelledby="pqr-heading">
      <h2 id="pqr-heading">{t('pqr.entry.title')}</h2>
      <p>{t('pqr.entry.lead')}</p>
      <div role="tablist" aria-label={t('pqr.entry.title')} className="pqr-tabs" onKeyDown={onKeyDown}>
        {tabs.map((name) => (
          <button
            key={name}
            ref={(el) => {
              if (el) tabRefs.current.set(name, el);
            }}
            type="button"
            role="tab"
            id={`pqr-tab-${name}`}
            aria-selected={tab === name}
            aria-controls={`pqr-panel-${name}`}
            tabIndex={tab === name ? 0 : -1}
            className="pqr-tab"
            onClick={() => setTab(name)}
          >
            {t(`pqr.entry.tabs.${name}`)}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`pqr-panel-${tab}`} aria-labelledby={`pqr-tab-${tab}`} className="pqr-panel">
        {tab === 'file' ? (
          filed ? (
            <PqrReceipt
              pqr={filed}
              onTrack={() => {
                setTrackInitial({ radicado: filed.radicado, email: filed.email });
                setTab('track');
              }}
              onNew={() => {
                setFiled(null);
                setFormKey((k) => k + 1);
              }}
            />
          ) : (
            <>
              {queued ? (
                <p className="pqr-notice" role="status">
                  {t('offline.outbox.savedOffline')}
                </p>
              ) : null}
              <OutboxList
                kinds={[PQR_OUTBOX_KIND]}
                reference={(entry) => (entry.result as PqrPublic | undefined)?.radicado}
                onEdit={(entry) => {
                  setEditing(entry);
                  setQueued(false);
                  setFormKey((k) => k + 1);
                }}
                onSendNow={() => void flushOutbox()}
              />
              <PqrForm
                key={formKey}
                editing={editing}
                onFiled={setFiled}
                onQueued={() => {
                  setQueued(true);
                  setEditing(undefined);
                  setFormKey((k) => k + 1);
                }}
              />
            </>
          )
        ) : null}
        {tab === 'track' ? (
          <PqrTrack key={`${trackInitial.radicado}-${trackInitial.email}`} initial={trackInitial} />
        ) : null}
        {tab === 'mine' && loggedIn ? <MyPqrs onFileNew={() => setTab('file')} /> : null}
      </div>
    </section>
  );
}

export default PqrEntry;
