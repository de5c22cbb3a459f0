/** Read-only pieces of a PQR that the requester's view and the back office both show. */
import type { PqrAttachment, PqrPublicEvent } from '@puntoverde/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatBytes, formatInstant } from '../format';
import { statusLabelKey, type StatusAudience } from './badges';

export function AttachmentLinks({ files, label }: { files: PqrAttachment[]; label: string }) {
  const { t, i18n } = useTranslation();
  if (!files.length) return null;
  return (
    <div>
      <h5 className="pqr-subheading">{label}</h5>
      <ul className="pqr-file-links">
        {files.map((f, i) => (
          <li key={f.id}>
            <a href={f.url} target="_blank" rel="noopener">
              {t(f.kind === 'image' ? 'pqr.view.image' : 'pqr.view.document', { n: i + 1 })}
            </a>{' '}
            <span className="pqr-hint">({formatBytes(f.size, i18n.language)})</span>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** A text as written (line breaks kept) and the files sent with it: a request, an answer, a note. */
export function TextWithFiles({
  text,
  files,
  filesLabel,
}: {
  text: string | null;
  files: PqrAttachment[];
  filesLabel: string;
}) {
  return (
    <>
      {text ? <p className="pqr-pre">{text}</p> : null}
      <AttachmentLinks files={files} label={filesLabel} />
    </>
  );
}

/** One term and its value inside a `<dl className="pqr-facts">`. */
export function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div>
      <dt>{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/** One line of a `<ol className="pqr-timeline">`: when, who (staff only), what happened, then any details. */
export function HistoryEntry({
  event,
  audience,
  actor,
  className,
  children,
}: {
  event: PqrPublicEvent;
  audience: StatusAudience;
  actor?: string;
  className?: string;
  children?: ReactNode;
}) {
  const { t, i18n } = useTranslation();
  return (
    <li className={className}>
      <time dateTime={event.at}>{formatInstant(event.at, i18n.language)}</time>
      {actor === undefined ? null : ` · ${actor}`} —{' '}
      {event.kind === 'status' && event.to_status
        ? t('pqr.history.status', { status: t(statusLabelKey(event.to_status, audience)) })
        : t(`pqr.history.${event.kind}`)}
      {children}
    </li>
  );
}
