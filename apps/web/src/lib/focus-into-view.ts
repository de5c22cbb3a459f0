/**
 * WCAG 2.4.11 (focus not obscured): Chromium scrolls a newly focused control only when none of it
 * shows, so a control half past a scrolling box's edge (the last filter chip of a row, a text
 * area at the bottom of the screen) keeps focus half hidden. A control reached by keyboard is
 * brought whole into view, by the least scrolling. The map moves itself: its markers are left alone.
 */
export function keepKeyboardFocusInView(doc: Document = document): void {
  doc.addEventListener('focusin', (event) => {
    // The control as the page sees it (an Ionic component's host rather than its inner button).
    const target = event.target;
    if (!(target instanceof HTMLElement) || target === doc.body) return;
    const inner = event.composedPath()[0];
    const focused = inner instanceof HTMLElement ? inner : target;
    if (!focused.matches(':focus-visible') || target.closest('.leaflet-container')) return;
    target.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  });
}
