/**
 * A modal dialog with a title, a close button and a scrollable body, for back-office forms.
 * A native <dialog> shown non-modally above a backdrop: Ionic places select popovers and
 * alerts at the root of the app, which `showModal()` would make inert. Escape closes it, focus
 * moves into it on open and back to where it was on close. It avoids loading Ionic's modal
 * (and its gesture code) into every page.
 */
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export function AdminModal({
  isOpen,
  title,
  onClose,
  children,
}: {
  isOpen: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog || !isOpen) return undefined;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!dialog.open) dialog.show();
    dialog.querySelector<HTMLElement>('input, select, textarea, button')?.focus();
    return () => {
      if (dialog.open) dialog.close();
      opener?.focus();
    };
  }, [isOpen]);
  return (
    <>
      {isOpen ? <div className="admin-modal-backdrop" aria-hidden="true" onClick={onClose} /> : null}
      <dialog
        ref={ref}
        className="admin-modal"
        aria-modal="true"
        aria-labelledby={titleId}
        onKeyDown={(event) => {
          // Ionic's own overlays (select popovers) handle Escape themselves first.
          if (event.key === 'Escape' && !event.defaultPrevented) onClose();
        }}
      >
        <header className="admin-modal-header">
          <h2 id={titleId} className="modal-title">
            {title}
          </h2>
          <button type="button" className="admin-modal-close" onClick={onClose}>
            {t('admin.close')}
          </button>
        </header>
        <div className="admin-modal-body">{isOpen ? children : null}</div>
      </dialog>
    </>
  );
}
