import {
  businessOutline,
  chatbubblesOutline,
  colorPaletteOutline,
  cubeOutline,
  documentTextOutline,
  giftOutline,
  helpCircleOutline,
  keyOutline,
  linkOutline,
  listOutline,
  locationOutline,
  megaphoneOutline,
  peopleCircleOutline,
  peopleOutline,
  pricetagsOutline,
  sendOutline,
} from 'ionicons/icons';
import { Suspense, lazy } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { AppLink } from '../../components/app-link';
import { Icon } from '../../components/icon';
import { PageLayout } from '../../components/page-layout';
import { PickupPhoneSetting } from '../../features/identity/components/pickup-phone-setting';
import { AdminDashboard } from '../../features/admin/components/admin-dashboard';
import { AdminAccess } from '../admin-access';
import { AdminTileUrlContext } from '../../components/back-office/map-context';
import { usePublicConfig } from '../../features/identity/api/public-config';
import { DEFAULT_TILE_URL } from '../../lib/map/map-view';
import '../../features/content/content-ui.css';
import '../../features/admin/components/admin-sections.css';

// Each section's screens (forms, lists, maps) load when the section opens: the back office's home
// needs only the dashboard and the list of sections.
const AdminAllies = lazy(() =>
  import('../../features/allies/components/admin/admin-allies').then((m) => ({ default: m.AdminAllies })),
);
const AdminAudit = lazy(() =>
  import('../../features/admin/components/admin-audit').then((m) => ({ default: m.AdminAudit })),
);
const AdminCampaigns = lazy(() =>
  import('../../features/campaigns/components/admin/admin-campaigns').then((m) => ({ default: m.AdminCampaigns })),
);
const AdminMaterials = lazy(() =>
  import('../../features/materials/components/admin/admin-materials').then((m) => ({ default: m.AdminMaterials })),
);
const AdminPoints = lazy(() =>
  import('../../features/points/components/admin/admin-points').then((m) => ({ default: m.AdminPoints })),
);
const AdminUsers = lazy(() =>
  import('../../features/identity/components/admin/admin-users').then((m) => ({ default: m.AdminUsers })),
);
const Open311Keys = lazy(() =>
  import('../../features/reports/components/admin/open311-keys').then((m) => ({ default: m.Open311Keys })),
);
const BroadcastsScreen = lazy(() =>
  import('../../features/notifications/components/admin/broadcasts-screen').then((m) => ({
    default: m.BroadcastsScreen,
  })),
);
const ReportCategoriesAdmin = lazy(() =>
  import('../../features/reports/components/admin/report-categories-admin').then((m) => ({
    default: m.ReportCategoriesAdmin,
  })),
);
const WebhooksScreen = lazy(() =>
  import('../../features/webhooks/components/admin/webhooks-screen').then((m) => ({ default: m.WebhooksScreen })),
);
const AdminRewards = lazy(() =>
  import('../../features/rewards/components/admin/admin-rewards').then((m) => ({ default: m.AdminRewards })),
);
const AdminRecyclers = lazy(() =>
  import('../../features/recyclers/components/admin/admin-recyclers').then((m) => ({ default: m.AdminRecyclers })),
);
const AdminAbout = lazy(() =>
  import('../../features/content/components/admin/admin-content').then((m) => ({ default: m.AdminAbout })),
);
const AdminFaq = lazy(() =>
  import('../../features/content/components/admin/admin-content').then((m) => ({ default: m.AdminFaq })),
);

// A setting at the foot of the back office's home, below the sections.
const ReportPointMatchSetting = lazy(() =>
  import('../../features/reports/components/report-point-match-setting').then((m) => ({
    default: m.ReportPointMatchSetting,
  })),
);

const AdminBranding = lazy(() =>
  import('../../features/branding/components/admin-branding').then((m) => ({ default: m.AdminBranding })),
);

const SECTIONS = {
  campaigns: { icon: megaphoneOutline, render: () => <AdminCampaigns /> },
  allies: { icon: businessOutline, render: () => <AdminAllies /> },
  points: { icon: locationOutline, render: () => <AdminPoints /> },
  materials: { icon: cubeOutline, render: () => <AdminMaterials /> },
  content: {
    icon: helpCircleOutline,
    render: () => (
      <>
        <AdminFaq />
        <AdminAbout />
      </>
    ),
  },
  users: { icon: peopleOutline, render: () => <AdminUsers /> },
  // Rewards: its texts live in the rewards namespace (titleKey/helpKey).
  rewards: {
    icon: giftOutline,
    render: () => <AdminRewards />,
    titleKey: 'rewards.admin.title',
    helpKey: 'rewards.admin.help',
  },
  branding: { icon: colorPaletteOutline, render: () => <AdminBranding /> },
  audit: { icon: listOutline, render: () => <AdminAudit /> },
  // Open311 keys: its texts live in the reports namespace (titleKey/helpKey).
  open311: {
    icon: keyOutline,
    render: () => <Open311Keys />,
    titleKey: 'reports.open311.title',
    helpKey: 'reports.open311.help',
  },
  broadcasts: {
    icon: sendOutline,
    render: () => <BroadcastsScreen />,
    titleKey: 'notifications.admin.title',
    helpKey: 'notifications.admin.help',
  },
  webhooks: {
    icon: linkOutline,
    render: () => <WebhooksScreen />,
    titleKey: 'webhooks.admin.title',
    helpKey: 'webhooks.admin.help',
  },
  recyclers: {
    icon: peopleCircleOutline,
    render: () => <AdminRecyclers />,
    titleKey: 'recyclers.admin.title',
    helpKey: 'recyclers.admin.help',
  },
  'report-categories': {
    icon: pricetagsOutline,
    render: () => <ReportCategoriesAdmin />,
    titleKey: 'reports.categoriesAdmin.title',
    helpKey: 'reports.categoriesAdmin.help',
  },
} as const;

function sectionTitleKey(key: Section): string {
  const entry = SECTIONS[key];
  return 'titleKey' in entry ? entry.titleKey : `admin.sections.${key}`;
}

function sectionHelpKey(key: Section): string {
  const entry = SECTIONS[key];
  return 'helpKey' in entry ? entry.helpKey : `admin.sectionHelp.${key}`;
}

type Section = keyof typeof SECTIONS;

function isSection(value: string | undefined): value is Section {
  return value !== undefined && Object.prototype.hasOwnProperty.call(SECTIONS, value);
}

/** The back office: `/admin` lists the sections, `/admin/<section>` opens one. */
export default function AdminPage() {
  const { t } = useTranslation();
  const { section } = useParams();
  const config = usePublicConfig();
  const current = isSection(section) ? section : null;
  return (
    <PageLayout
      title={current ? t(sectionTitleKey(current)) : t('admin.title')}
      lead={current ? undefined : t('admin.intro')}
    >
      <AdminTileUrlContext.Provider value={config.data?.tile_url ?? DEFAULT_TILE_URL}>
        <AdminAccess>
          {current ? (
            <>
              <AppLink to="/admin" className="back-link">
                {t('admin.backToAdmin')}
              </AppLink>
              <Suspense fallback={<p role="status">{t('app.loading')}</p>}>{SECTIONS[current].render()}</Suspense>
            </>
          ) : (
            <>
              <AdminDashboard>
                <h2 className="admin-sections-title">{t('design.dashboard.sections')}</h2>
                {/* Plain links, not ion-list/ion-item: a dozen web components defining and
                  styling themselves made the home's longest task on a phone. */}
                <ul className="admin-sections">
                  {(Object.keys(SECTIONS) as Section[]).map((key) => (
                    <li key={key}>
                      <Icon icon={SECTIONS[key].icon} className="admin-sections-icon" />
                      <div>
                        <AppLink to={`/admin/${key}`}>{t(sectionTitleKey(key))}</AppLink>
                        <p>{t(sectionHelpKey(key))}</p>
                      </div>
                    </li>
                  ))}
                  {/* The PQR inbox has its own routes (/admin/pqr). */}
                  <li>
                    <Icon icon={chatbubblesOutline} className="admin-sections-icon" />
                    <div>
                      <AppLink to="/admin/pqr">{t('admin.sections.pqr')}</AppLink>
                      <p>{t('admin.sectionHelp.pqr')}</p>
                    </div>
                  </li>
                </ul>
                <Suspense fallback={null}>
                  <PickupPhoneSetting />
                  <ReportPointMatchSetting />
                </Suspense>
                <p className="content-card__meta">
                  <Icon icon={documentTextOutline} className="admin-sections-icon-inline" /> {t('admin.apiDocs')}{' '}
                  <a href="/back/api/docs">/back/api/docs</a>
                </p>
              </AdminDashboard>
            </>
          )}
        </AdminAccess>
      </AdminTileUrlContext.Provider>
    </PageLayout>
  );
}
