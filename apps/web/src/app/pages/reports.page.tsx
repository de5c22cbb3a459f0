/**
 * app/tabs/reports (menu "Reportes", every logged-in user): one container with the parts of
 * DESIGN.md §7. "Reportes de problemas" lists reports; `/app/tabs/reports/new` files one (from a
 * point page with `?point=ID[&container=ID]`, pre-filled); `/app/tabs/reports/REP-2026-000123`
 * shows one (public: visitors may open it from a shared link).
 */
import { TC_ID } from '@puntoverde/contract';
import { useIonRouter } from '@ionic/react';
import { lazy, Suspense, useState, type KeyboardEvent, type ReactNode } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useLocation, useParams, useSearchParams } from 'react-router-dom';
import { OutboxList, useOutboxState } from '../../components/offline/outbox-list';
import { ListDetail } from '../../components/list-detail';
import { PageLayout } from '../../components/page-layout';
import { usePublicConfig } from '../../features/identity/api/public-config';
import { LoginRequiredNotice } from '../../features/identity/components/login-required-notice';
import { ReportsSection } from '../../features/reports/components/reports-section';
import { NEW_REPORT_PATH, REPORTS_PATH, reportPath } from '../../features/reports/format';
import { REPORT_OUTBOX_KIND } from '../../features/reports/outbox-kind';
import { useNotify } from '../../components/use-notify';
import { DEFAULT_TILE_URL } from '../../lib/map/map-view';
import { flushOutbox } from '../../lib/offline/flush';
import { isLoggedIn, type CurrentUser } from '../../lib/session';
import { useSession } from '../../lib/use-session';

// What is not the reports list, this page's first screen, loads when opened: the form, a report's
// page, the figures and the certificates (with the schemas they validate with and the chart).
const ReportDetail = lazy(() =>
  import('../../features/reports/components/report-detail').then((m) => ({ default: m.ReportDetail })),
);
const ReportForm = lazy(() =>
  import('../../features/reports/components/report-form').then((m) => ({ default: m.ReportForm })),
);
const LocationPicker = lazy(() =>
  import('../../features/requests/components/location-picker').then((m) => ({ default: m.LocationPicker })),
);
const CertificatesScreen = lazy(() =>
  import('../../features/certificates/components/certificates-screen').then((m) => ({ default: m.CertificatesScreen })),
);
const MyFiguresScreen = lazy(() =>
  import('../../features/statistics/components/my-figures-screen').then((m) => ({ default: m.MyFiguresScreen })),
);
const SchemeFiguresScreen = lazy(() =>
  import('../../features/statistics/components/scheme-figures-screen').then((m) => ({
    default: m.SchemeFiguresScreen,
  })),
);

type PartContext = {
  user: CurrentUser;
  loggedIn: boolean;
  canHandle: boolean;
  staff: boolean;
  tileUrl: string;
  t: TFunction;
  /** Opens a refused offline report in the form, to be corrected. */
  editQueued: (entryId: string) => void;
};
type ReportsPart = { key: string; labelKey: string; render: (ctx: PartContext) => ReactNode };

/**
 * The parts of Reportes, in order. "Mis cifras" and "Certificados" (the statistics feature) are
 * added here as two more entries; with more than one part the page shows them as tabs.
 */
const PARTS: ReportsPart[] = [
  {
    key: 'problems',
    labelKey: 'reports.parts.problems',
    render: ({ loggedIn, canHandle, tileUrl, editQueued }) => (
      <>
        {/* Reports filed offline: pending until the connection returns, then their number. */}
        <OutboxList
          kinds={[REPORT_OUTBOX_KIND]}
          reference={(entry) => (entry.result as { number?: string } | undefined)?.number}
          onEdit={(entry) => editQueued(entry.id)}
          onSendNow={() => void flushOutbox()}
        />
        <ReportsSection loggedIn={loggedIn} canHandle={canHandle} tileUrl={tileUrl} />
      </>
    ),
  },
  {
    key: 'figures',
    labelKey: 'reports.parts.figures',
    // Staff see the whole scheme's figures (and edit the impact factors) instead of their own.
    render: ({ loggedIn, staff, t }) =>
      !loggedIn ? <p>{t('statistics.loginFirst')}</p> : staff ? <SchemeFiguresScreen /> : <MyFiguresScreen enabled />,
  },
  {
    key: 'certificates',
    labelKey: 'reports.parts.certificates',
    render: ({ user, loggedIn, staff, t }) =>
      !loggedIn ? (
        <p>{t('statistics.loginFirst')}</p>
      ) : staff ? (
        <p>{t('statistics.certificates.forStaff')}</p>
      ) : user.tc_id === TC_ID.manager ? (
        <p>{t('statistics.certificates.notForManagers')}</p>
      ) : (
        <CertificatesScreen />
      ),
  },
];

function positiveInt(value: string | null): number | null {
  return value && /^\d{1,9}$/.test(value) && Number(value) > 0 ? Number(value) : null;
}

/** The tab a key press moves to (ArrowLeft/Right wrap, Home, End), focused and shown. */
function moveTab(event: KeyboardEvent<HTMLDivElement>, current: string, setActive: (key: string) => void) {
  const index = PARTS.findIndex((p) => p.key === current);
  const last = PARTS.length - 1;
  const next =
    event.key === 'ArrowRight'
      ? (index + 1) % PARTS.length
      : event.key === 'ArrowLeft'
        ? (index - 1 + PARTS.length) % PARTS.length
        : event.key === 'Home'
          ? 0
          : event.key === 'End'
            ? last
            : null;
  if (next === null) return;
  event.preventDefault();
  const key = PARTS[next]!.key;
  setActive(key);
  document.getElementById(`reports-tab-${key}`)?.focus();
}

function ReportsParts({ ctx }: { ctx: PartContext }) {
  const { t } = useTranslation();
  const [active, setActive] = useState(PARTS[0]!.key);
  const part = PARTS.find((p) => p.key === active) ?? PARTS[0]!;
  if (PARTS.length === 1) return <>{part.render(ctx)}</>;
  return (
    <>
      {/* WAI-ARIA tabs: one tab stop; arrow keys, Home and End move between the parts. */}
      <div
        className="reports-parts"
        role="tablist"
        aria-label={t('pages.reports.title')}
        onKeyDown={(e) => moveTab(e, part.key, setActive)}
      >
        {PARTS.map((p) => (
          <button
            key={p.key}
            type="button"
            role="tab"
            id={`reports-tab-${p.key}`}
            aria-selected={p.key === part.key}
            aria-controls="reports-part"
            tabIndex={p.key === part.key ? 0 : -1}
            onClick={() => setActive(p.key)}
          >
            {t(p.labelKey)}
          </button>
        ))}
      </div>
      <div id="reports-part" role="tabpanel" aria-labelledby={`reports-tab-${part.key}`}>
        {/* The figures and certificates load on first open; the tabs stay while they do. */}
        <Suspense fallback={<p role="status">{ctx.t('app.loading')}</p>}>{part.render(ctx)}</Suspense>
      </div>
    </>
  );
}

export default function ReportsPage() {
  const { t } = useTranslation();
  const { number } = useParams();
  const [search] = useSearchParams();
  const { pathname, search: rawSearch } = useLocation();
  const router = useIonRouter();
  const user = useSession();
  const config = usePublicConfig();
  const notify = useNotify();
  const loggedIn = isLoggedIn(user);
  const isStaff = user['is_admin'] === true || user['is_admin'] === 1;
  const canHandle = loggedIn && (isStaff || user.tc_id === TC_ID.manager);
  const tileUrl = config.data?.tile_url ?? DEFAULT_TILE_URL;
  const editId = number === 'new' ? search.get('edit') : null;
  const queued = useOutboxState([REPORT_OUTBOX_KIND]);
  const editing = editId ? queued.entries.find((e) => e.id === editId) : undefined;

  let title = t('pages.reports.title');
  let body: ReactNode;
  if (number === 'new') {
    title = t('reports.form.title');
    body = !loggedIn ? (
      <LoginRequiredNotice next={`${pathname}${rawSearch}`} />
    ) : config.isPending || (editId && !queued.loaded) ? null : (
      <ReportForm
        key={editing?.id ?? 'new'}
        editing={editing}
        tileUrl={tileUrl}
        LocationField={LocationPicker}
        pointId={positiveInt(search.get('point'))}
        containerId={positiveInt(search.get('container'))}
        onCreated={(created) => {
          notify(t('reports.form.created', { number: created.number }));
          router.push(reportPath(created.number), 'forward', 'replace');
        }}
        onJoined={(joined) => {
          notify(t('reports.duplicates.joined', { number: joined }));
          router.push(reportPath(joined), 'forward', 'replace');
        }}
        onQueued={() => {
          notify(t('offline.outbox.savedOffline'), 'warning');
          router.push(REPORTS_PATH, 'back', 'replace');
        }}
      />
    );
  } else if (number && !/^REP-\d{4}-\d{6}$/i.test(number)) {
    body = (
      <p className="rp-error" role="alert">
        {t('reports.detail.badNumber')}
      </p>
    );
  } else {
    // On a desktop a report opens beside the list (components/list-detail.tsx).
    const detail = number ? (
      <Suspense fallback={null}>
        <ReportDetail number={number.toUpperCase()} loggedIn={loggedIn} mayHandle={canHandle} />
      </Suspense>
    ) : null;
    if (number) title = t('reports.detail.title', { number: number.toUpperCase() });
    body = (
      <ListDetail
        listLabel={t('pages.reports.title')}
        detail={detail}
        list={
          <ReportsParts
            ctx={{
              user,
              loggedIn,
              canHandle,
              staff: isStaff,
              tileUrl,
              t,
              editQueued: (entryId) => router.push(`${NEW_REPORT_PATH}?edit=${encodeURIComponent(entryId)}`, 'forward'),
            }}
          />
        }
      />
    );
  }
  return (
    <PageLayout title={title} lead={number === undefined ? t('pages.reports.lead') : undefined}>
      <Suspense fallback={null}>{body}</Suspense>
    </PageLayout>
  );
}
