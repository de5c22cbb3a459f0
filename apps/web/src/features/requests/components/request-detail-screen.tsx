/** Loads one request and shows it (or why it cannot be shown). */
import { useTranslation } from 'react-i18next';
import { AppLink } from '../../../components/app-link';
import { ApiError } from '../../../lib/api-client';
import { useRequest } from '../api/get-request';
import { RequestDetailView } from './request-detail';
import { ListSkeleton } from './request-list';
import '../../../components/actions.css';
import '../requests.css';
import { apiErrorMessage } from '../../../lib/api-errors';

export function RequestDetailScreen({ id, mode, userId, backTo }: { id: number; mode: 'mine' | 'point'; userId: number; backTo: string }) {
  const { t } = useTranslation();
  const request = useRequest(id);
  return (
    <div className="rq">
      <p>
        <AppLink to={backTo} direction="root">
          {t('requests.detail.back')}
        </AppLink>
      </p>
      {request.isPending ? (
        <ListSkeleton label={t('requests.detail.loading')} />
      ) : request.isError ? (
        <div className="pv-callout pv-callout-error" role="alert">
          <p>
            {request.error instanceof ApiError && (request.error.status === 403 || request.error.status === 404)
              ? apiErrorMessage(t, request.error)
              : t('requests.list.error')}
          </p>
        </div>
      ) : (
        <RequestDetailView
          request={request.data}
          viewer={mode === 'point' ? 'manager' : request.data.requester.id === userId ? 'requester' : 'company'}
        />
      )}
    </div>
  );
}
