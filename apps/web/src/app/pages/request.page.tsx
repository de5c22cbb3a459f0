/**
 * app/tabs/request (Mis Solicitudes): households, company heads (with their branches') and
 * branches. `/app/tabs/request/new` asks for a pickup; `/app/tabs/request/{id}` shows one.
 */
import { TC_ID } from '@puntoverde/contract';
import { useIonRouter } from '@ionic/react';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useParams, useSearchParams } from 'react-router-dom';
import { AppLink } from '../../components/app-link';
import { ListDetail } from '../../components/list-detail';
import { PageLayout } from '../../components/page-layout';
import { useBranches } from '../../features/branches/api/list-branches';
import { usePublicConfig } from '../../features/identity/api/public-config';
import { LoginRequiredNotice } from '../../features/identity/components/login-required-notice';
import { MY_REQUESTS_PATH, MyRequestsScreen } from '../../features/requests/components/my-requests-screen';
import { REQUEST_OUTBOX_KIND } from '../../features/requests/outbox-kind';
import { OutboxList, useOutboxState } from '../../components/offline/outbox-list';
import { flushOutbox } from '../../lib/offline/flush';
import { useNotify } from '../../components/use-notify';
import { DEFAULT_TILE_URL } from '../../lib/map/map-view';
import { isLoggedIn } from '../../lib/session';
import { useSession } from '../../lib/use-session';

// The form and a request's page load when opened: the list, this page's first screen, needs
// neither their code nor the schemas they validate with.
const RequestForm = lazy(() =>
  import('../../features/requests/components/request-form').then((m) => ({ default: m.RequestForm })),
);
const RequestDetailScreen = lazy(() =>
  import('../../features/requests/components/request-detail-screen').then((m) => ({ default: m.RequestDetailScreen })),
);
// Who comes for the pickup (the recycler's name, photo and id card), when one is assigned.
const PickupRecyclerCard = lazy(() =>
  import('../../features/recyclers/components/pickup-recycler-card').then((m) => ({ default: m.PickupRecyclerCard })),
);
const ImageUploadField = lazy(() =>
  import('../../components/image-upload-field').then((m) => ({ default: m.ImageUploadField })),
);

export default function RequestPage() {
  const { t } = useTranslation();
  const { id } = useParams();
  const { pathname } = useLocation();
  const router = useIonRouter();
  const user = useSession();
  const config = usePublicConfig();
  const notify = useNotify();
  const isHead = user.tc_id === TC_ID.company && (user.id_empresa === null || user.id_empresa === '');
  const branches = useBranches(isLoggedIn(user) && isHead);
  const tileUrl = config.data?.tile_url ?? DEFAULT_TILE_URL;
  // `new?edit=<entry>`: a request the server refused while it waited offline, opened to be corrected.
  const [search] = useSearchParams();
  const editId = id === 'new' ? search.get('edit') : null;
  const queued = useOutboxState([REQUEST_OUTBOX_KIND]);
  const editing = editId ? queued.entries.find((e) => e.id === editId && e.state === 'refused') : undefined;

  let title = t('pages.request.title');
  let body;
  if (!isLoggedIn(user)) {
    body = <LoginRequiredNotice next={pathname} />;
  } else if (user.tc_id === TC_ID.manager) {
    body = (
      <div className="rq-notice" role="status">
        <p>{t('requests.mine.managerHint')}</p>
        <AppLink to="/app/tabs/prequest">{t('requests.mine.managerLink')}</AppLink>
      </div>
    );
  } else if (id === 'new') {
    title = t('requests.form.title');
    body =
      config.isPending || (editId && !queued.loaded) ? null : (
        <RequestForm
          key={editing?.id ?? 'new'}
          editing={editing}
          tileUrl={tileUrl}
          PhotoField={ImageUploadField}
          defaultAddress={typeof user.address === 'string' ? user.address : ''}
          onCreated={(created) => {
            notify(t('requests.form.created', { id: created.id, point: created.point.name }));
            router.push(`${MY_REQUESTS_PATH}/${created.id}`, 'forward', 'replace');
          }}
          onQueued={() => {
            notify(t('offline.outbox.savedOffline'), 'warning');
            router.push(MY_REQUESTS_PATH, 'back', 'replace');
          }}
        />
      );
  } else if (id && !/^\d+$/.test(id)) {
    body = (
      <div className="rq-notice rq-notice--error" role="alert">
        <p>{t('requests.detail.badId')}</p>
      </div>
    );
  } else {
    // On a desktop a request opens beside the list (components/list-detail.tsx).
    const detail = id ? (
      <Suspense fallback={null}>
        <RequestDetailScreen id={Number(id)} mode="mine" userId={user.id} backTo={MY_REQUESTS_PATH} />
        <PickupRecyclerCard requestId={Number(id)} />
      </Suspense>
    ) : null;
    if (detail) title = t('requests.detail.title', { id });
    body = (
      <ListDetail
        listLabel={t('pages.request.title')}
        detail={detail}
        list={
          <>
            <OutboxList
              kinds={[REQUEST_OUTBOX_KIND]}
              reference={(entry) => {
                const id = (entry.result as { id?: number } | undefined)?.id;
                return id === undefined ? undefined : `#${id}`;
              }}
              onEdit={(entry) => router.push(`${MY_REQUESTS_PATH}/new?edit=${encodeURIComponent(entry.id)}`, 'forward')}
              onSendNow={() => void flushOutbox()}
            />
            <MyRequestsScreen
              userId={user.id}
              branches={
                isHead
                  ? (branches.data ?? []).map((b) => ({
                      id: b.id,
                      name: b.active ? b.name : `${b.name} (${t('requests.branches.inactive')})`,
                    }))
                  : null
              }
            />
          </>
        }
      />
    );
  }
  // The list says what the page is for; the form and a request's page have their own headings.
  return (
    <PageLayout title={title} lead={id === undefined ? t('pages.request.lead') : undefined}>
      <Suspense fallback={null}>{body}</Suspense>
    </PageLayout>
  );
}
