import { useTranslation } from 'react-i18next';
import { useLocation, useParams } from 'react-router-dom';
import { PageLayout } from '../../components/page-layout';
import { searchMaterials } from '../../features/content/api/search-materials';
import { usePublicConfig } from '../../features/identity/api/public-config';
import { PointsMapScreen } from '../../features/points/components/points-map-screen';
import { DEFAULT_TILE_URL } from '../../lib/map/map-view';

/** The map's search knows the "¿Dónde reciclo?" dictionary: its best hit for a word, if any. */
async function lookUpWord(word: string) {
  return (await searchMaterials(word)).hits[0] ?? null;
}

/** home and home/{id}: the waste map (the id focuses one point). */
export default function HomePage() {
  const { t } = useTranslation();
  const { id } = useParams();
  const config = usePublicConfig();
  const focusId = id && /^\d+$/.test(id) ? Number(id) : null;
  // `?materials=pilas,pet` (the help page's material guide) starts the map filtered.
  const { search } = useLocation();
  const initialMaterials = (new URLSearchParams(search).get('materials') ?? '')
    .split(',')
    .map((code) => code.trim())
    .filter((code) => /^[a-z0-9_-]{1,40}$/.test(code));
  return (
    <PageLayout title={t('pages.home.title')}>
      <PointsMapScreen
        focusId={focusId}
        initialMaterials={initialMaterials}
        lookUpWord={lookUpWord}
        tileUrl={config.data?.tile_url ?? (config.isError ? DEFAULT_TILE_URL : null)}
      />
    </PageLayout>
  );
}
