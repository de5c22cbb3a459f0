/**
 * "Tu punto más cercano": asks for the location only when the person taps the button, or at
 * once when they already allowed it. High accuracy, 10 s timeout (spec §9).
 */
import { IonSkeletonText } from '@ionic/react';
import { GEOLOCATION_HIGH_ACCURACY, GEOLOCATION_TIMEOUT_MS } from '@puntoverde/contract';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppLink } from '../../../components/app-link';
import { formatDistance } from '../../../lib/number-format';
import { useNearestPoint } from '../api/get-nearest-point';
import { formatAddress } from '../../../lib/address';

type Position = { lat: number; lng: number };

export function NearestPoint() {
  const { t, i18n } = useTranslation();
  const [position, setPosition] = useState<Position | null>(null);
  const [locating, setLocating] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const nearest = useNearestPoint(position);
  // "Usar mi ubicación" stays in place (only marked busy) while locating, so focus never falls to
  // the page; once the answer is there, focus moves to it, and after a refusal it is still on the button.
  const asked = useRef(false);
  const answerRef = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    if (asked.current && nearest.data !== undefined && !nearest.isFetching) {
      asked.current = false;
      answerRef.current?.focus();
    }
  }, [nearest.data, nearest.isFetching]);

  const locate = () => {
    if (locating) return;
    if (!('geolocation' in navigator)) {
      setError(t('content.nearest.unsupported'));
      return;
    }
    asked.current = true;
    setLocating(true);
    setError(null);
    navigator.geolocation.getCurrentPosition(
      (p) => {
        setLocating(false);
        setPosition({ lat: Number(p.coords.latitude.toFixed(5)), lng: Number(p.coords.longitude.toFixed(5)) });
      },
      (e) => {
        setLocating(false);
        setError(e.code === e.PERMISSION_DENIED ? t('content.nearest.denied') : t('content.nearest.failed'));
      },
      { enableHighAccuracy: GEOLOCATION_HIGH_ACCURACY, timeout: GEOLOCATION_TIMEOUT_MS },
    );
  };

  useEffect(() => {
    // Already allowed: no prompt, so show the nearest point straight away.
    void navigator.permissions
      ?.query({ name: 'geolocation' })
      .then((status) => {
        if (status.state === 'granted') locate();
      })
      .catch(() => undefined);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return (
    <section className="landing-section" aria-labelledby="nearest-title">
      <h2 id="nearest-title">{t('content.nearest.title')}</h2>
      {/* One short sentence is announced, not the whole section (WCAG 4.1.3). */}
      <p className="visually-hidden" role="status">
        {nearest.data
          ? t('content.nearest.found', {
              name: nearest.data.name,
              distance: formatDistance(nearest.data.distance_m, i18n.language),
            })
          : locating || nearest.isFetching
            ? t('content.nearest.locating')
            : position && nearest.data === null
              ? t('content.nearest.none')
              : ''}
      </p>
      {nearest.data ? (
        <div className="nearest-point" ref={answerRef} tabIndex={-1}>
          <p>
            <strong>{nearest.data.name}</strong> · {formatDistance(nearest.data.distance_m, i18n.language)}
          </p>
          <p className="content-card__meta">
            {formatAddress(nearest.data.address, nearest.data.city)}
            {nearest.data.open_now === true
              ? ` · ${t('content.nearest.openNow')}`
              : nearest.data.open_now === false
                ? ` · ${t('content.nearest.closedNow')}`
                : ''}
          </p>
          <AppLink to={`/map/${nearest.data.id}`}>{t('content.nearest.seePoint')}</AppLink>
        </div>
      ) : position && nearest.data === null && !nearest.isFetching ? (
        <div ref={answerRef} tabIndex={-1}>
          <p>{t('content.nearest.none')}</p>
        </div>
      ) : (
        <>
          <p>{t('content.nearest.intro')}</p>
          <button type="button" className="pv-button" aria-disabled={locating || nearest.isFetching} onClick={locate}>
            {locating || nearest.isFetching ? t('content.nearest.locating') : t('content.nearest.useLocation')}
          </button>
          {locating || nearest.isFetching ? (
            <IonSkeletonText animated style={{ height: '3rem' }} aria-hidden="true" />
          ) : null}
        </>
      )}
      {error ? (
        <p className="field-error" role="alert">
          {error}
        </p>
      ) : null}
    </section>
  );
}
