/** A request screen's field: its label (bound to the control by `id`) above the control. */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export function LabelledField({
  id,
  label,
  optional,
  children,
}: {
  id: string;
  label: string;
  optional?: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <div className="rq-field">
      <label className="rq-label" htmlFor={id}>
        {label}
        {optional ? (
          <>
            {' '}
            <span className="rq-optional">({t('requests.form.optional')})</span>
          </>
        ) : null}
      </label>
      {children}
    </div>
  );
}
