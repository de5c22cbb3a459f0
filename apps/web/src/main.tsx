/* First, before anything can load zod: zod must not probe for eval (see the module). */
import './lib/zod-without-eval';
import { setupIonicReact } from '@ionic/react';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';

/* Ionic's required CSS, then the typography it expects. */
import '@ionic/react/css/core.css';
import '@ionic/react/css/normalize.css';
import '@ionic/react/css/structure.css';
import '@ionic/react/css/typography.css';
/* Dark mode follows the system (DESIGN.md §6). */
import '@ionic/react/css/palettes/dark.system.css';
import './theme/variables.css';
import './theme/app.css';
import './theme/design-system.css';

import { App } from './app/app';
import { limitBootScreen } from './lib/boot-screen';
import { keepKeyboardFocusInView } from './lib/focus-into-view';
import { initI18n, storedLanguage } from './lib/i18n';
import { warmIntlFormats } from './lib/intl-format';
import { yieldToMain } from './lib/main-thread';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

/**
 * Start-up in three tasks instead of one: evaluating the app's modules (above), then Ionic's
 * set-up and the translations' request, then the React root. Each is work a phone needs tens of
 * milliseconds for; in one piece they were the longest task of every page.
 */
async function start(container: HTMLElement): Promise<void> {
  await yieldToMain();
  // WCAG 2.3.3: with reduced motion asked for, Ionic's own animations (the side menu's slide,
  // toasts, overlays) run with no duration; theme/app.css caps the CSS ones.
  setupIonicReact({ animated: !window.matchMedia?.('(prefers-reduced-motion: reduce)').matches });
  void initI18n();
  keepKeyboardFocusInView();
  limitBootScreen();
  // The locale data of dates and numbers, a piece per idle moment while the page's code and data load.
  warmIntlFormats(storedLanguage());
  await yieldToMain();
  // A transition lets React render the first screen in slices, yielding to the browser between
  // them (a phone stays responsive while the app boots); the boot screen (index.html) covers the
  // app until the first page has rendered.
  const reactRoot = createRoot(container);
  startTransition(() => {
    reactRoot.render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  });
}
void start(root);
