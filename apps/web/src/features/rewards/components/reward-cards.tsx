import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state';
import { apiErrorMessage } from '../../../lib/api-errors';

/** A list of rewards cards as its query goes: loading, the API's error, empty, or the cards. */
export function RewardCards<T>({
  query,
  empty,
  children,
}: {
  query: UseQueryResult<T[]>;
  /** The empty state's title. */
  empty: string;
  /** The cards (list items) of the rows. */
  children: (rows: T[]) => ReactNode;
}) {
  const { t } = useTranslation();
  if (query.isPending) return <p role="status">{t('app.loading')}</p>;
  if (query.isError) return <p role="alert">{apiErrorMessage(t, query.error)}</p>;
  if (query.data.length === 0) return <EmptyState title={empty} />;
  return <ul className="rw-list">{children(query.data)}</ul>;
}
