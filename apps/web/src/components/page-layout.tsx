/**
 * Every route renders one of these: an IonPage whose toolbar holds the menu button and the
 * page title as the page's <h1>, and the page content below.
 */
import { IonButtons, IonContent, IonHeader, IonPage, IonTitle, IonToolbar } from '@ionic/react';
import { useEffect, type ReactNode } from 'react';
import { dismissBootScreen } from '../lib/boot-screen';
import { DemoNote } from './demo-note';
import { MenuButton } from './menu-button';
import { PageBanner } from './page-banner';

export interface PageLayoutProps {
  title: string;
  children: ReactNode;
}

export function PageLayout({ title, children }: PageLayoutProps) {
  // The first page to render takes the boot screen away (lib/boot-screen.ts).
  useEffect(dismissBootScreen, []);
  return (
    <IonPage>
      <IonHeader>
        <IonToolbar color="primary">
          <IonButtons slot="start">
            <MenuButton />
          </IonButtons>
          <IonTitle>
            <h1 className="page-title">{title}</h1>
          </IonTitle>
        </IonToolbar>
      </IonHeader>
      <IonContent>
        <div className="page-body">
          <DemoNote />
          <PageBanner />
          {children}
        </div>
      </IonContent>
    </IonPage>
  );
}
