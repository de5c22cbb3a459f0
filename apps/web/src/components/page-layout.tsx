/**
 * Every route renders one of these: an IonPage (Ionic's page element: it fills the routed area
 * and lays out its scrolling content) holding the page's toolbar — the menu button and the page title as the page's
 * <h1> — and its scrolling content in the page's <main> landmark.
 *
 * The toolbar and content are plain HTML styled like Ionic's Material toolbar (theme/app.css),
 * not Ionic's web components: every page is on screen sooner, with less start-up work on a
 * phone (each web component is defined, attached and rendered by Stencil before it shows; for
 * the toolbar and content that was a fifth of the first page's main-thread work).
 * The page's body renders as a transition after this frame (AfterFirstCommit).
 *
 * It is also the route announcer (lib/route-focus.ts): the page's title names the document, and
 * after a navigation focus moves to the <h1>.
 */
import { IonPage } from '@ionic/react';
import { Suspense, useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { AfterFirstCommit } from './after-first-commit';
import { dismissBootScreen } from '../lib/boot-screen';
import { announceRoute, documentTitle } from '../lib/route-focus';
import { DemoNote } from './demo-note';
import { MenuButton } from './menu-button';
import { PageBanner } from './page-banner';
import { PageStatus } from './page-status';
import { ToolbarActions } from './toolbar-actions';

export interface PageLayoutProps {
  title: string;
  /**
   * One paragraph under the toolbar saying what the page is for. It commits with the page's
   * frame, and the server writes the same paragraph into a signed-in page's HTML frame
   * (apps/server/src/page-frames.ts SIGNED_IN_FRAMES), so it is painted before any script.
   */
  lead?: string;
  children: ReactNode;
}

export function PageLayout({ title, lead, children }: PageLayoutProps) {
  // The first page to render takes the boot screen away (lib/boot-screen.ts).
  useEffect(dismissBootScreen, []);
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const appName = t('app.name');
  useEffect(() => {
    document.title = documentTitle(title, appName);
  }, [title, appName]);
  useEffect(() => announceRoute(pathname, headingRef.current), [pathname]);
  return (
    <IonPage>
      <header className="page-header">
        <div className="page-toolbar">
          <MenuButton />
          <h1 ref={headingRef} className="page-title" tabIndex={-1}>
            {title}
          </h1>
          <ToolbarActions />
        </div>
      </header>
      <main className="page-content">
        <div className="page-body">
          <DemoNote />
          <PageBanner />
          {lead ? <p className="lead page-lead">{lead}</p> : null}
          <PageStatus />
          {/* A part of the body that loads its code later suspends here, never hiding the toolbar
              and its heading (which may hold focus: lib/route-focus.ts). */}
          <Suspense fallback={null}>
            <AfterFirstCommit>{children}</AfterFirstCommit>
          </Suspense>
        </div>
      </main>
    </IonPage>
  );
}
