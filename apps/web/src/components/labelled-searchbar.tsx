/**
 * IonSearchbar whose inner input carries our label. Ionic names the input "search text"
 * unless told otherwise, and an aria-label on the host is not copied reliably, so the label is
 * set on the native input once it exists (and again when the language changes).
 */
import { IonSearchbar } from '@ionic/react';
import type { ComponentProps } from 'react';
import { useEffect, useRef } from 'react';

type Props = Omit<ComponentProps<typeof IonSearchbar>, 'aria-label'> & { label: string };

export function LabelledSearchbar({ label, ...props }: Props) {
  const ref = useRef<HTMLIonSearchbarElement>(null);
  useEffect(() => {
    let cancelled = false;
    void ref.current?.getInputElement().then((input) => {
      if (!cancelled) input.setAttribute('aria-label', label);
    });
    return () => {
      cancelled = true;
    };
  }, [label]);
  return <IonSearchbar ref={ref} {...props} />;
}
