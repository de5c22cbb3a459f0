/**
 * The design system's table (docs/design-system.md, "Tables"): every <table> of the app is one of
 * these. It is a real table (caption, column and row headers) where it fits, and a list of cards
 * where it does not: on a phone (a box narrower than CARDS_BELOW_PX) or wherever its columns
 * would not fit its box (a wide figures table beside a chart), each row becomes a card with its
 * cells as label/value pairs. Nothing scrolls sideways and no column is hidden.
 *
 * The labels come from the column headers: each body and footer cell gets `data-label` (its
 * column header's text; a header's `data-card-label` replaces it, empty for none), drawn before
 * the value by CSS and left out of the accessibility tree (the cell's column header names it).
 * The table keeps its semantics in card mode through explicit ARIA roles (table, row, cell…),
 * which some browsers drop when a table's parts are not displayed as table parts.
 *
 * Cells may take `pv-cell-nowrap` (dates, codes: one line in table mode) and `pv-cell-num`
 * (figures: aligned at the end, tabular digits).
 */
import { useLayoutEffect, useRef, type ReactNode } from 'react';
import './data-table.css';

/** Below this box width (36rem at the default text size) a table is always shown as cards. */
export const CARDS_BELOW_PX = 576;

export interface DataTableProps {
  /** The table's visible caption (a sentence naming it). */
  caption?: ReactNode;
  /** The table's accessible name when it has no visible caption. */
  label?: string;
  /** The feature's own class for the table (spacing of its cells, never its layout). */
  className?: string;
  /** thead / tbody / tfoot. */
  children: ReactNode;
}

const ROLE_BY_TAG: Record<string, string> = {
  THEAD: 'rowgroup',
  TBODY: 'rowgroup',
  TFOOT: 'rowgroup',
  TR: 'row',
  TD: 'cell',
};

/** Column headers' texts by column index (colspan counted), from the header row(s). */
function headerLabels(table: HTMLTableElement): string[] {
  const labels: string[] = [];
  const row = table.tHead?.rows[table.tHead.rows.length - 1];
  if (!row) return labels;
  for (const cell of Array.from(row.cells)) {
    const own = cell.getAttribute('data-card-label');
    const text = own ?? (cell.textContent ?? '').replace(/\s+/g, ' ').trim();
    for (let i = 0; i < cell.colSpan; i++) labels.push(text);
  }
  return labels;
}

/** Writes each cell's label and every part's role; only attributes that changed are touched. */
function labelCells(table: HTMLTableElement): void {
  const set = (el: Element, name: string, value: string) => {
    if (el.getAttribute(name) !== value) el.setAttribute(name, value);
  };
  set(table, 'role', 'table');
  const labels = headerLabels(table);
  for (const section of Array.from(table.querySelectorAll(':scope > thead, :scope > tbody, :scope > tfoot'))) {
    set(section, 'role', ROLE_BY_TAG[section.tagName]!);
    for (const row of Array.from((section as HTMLTableSectionElement).rows)) {
      set(row, 'role', 'row');
      let column = 0;
      for (const cell of Array.from(row.cells)) {
        if (cell.tagName === 'TH') {
          set(cell, 'role', cell.getAttribute('scope') === 'row' ? 'rowheader' : 'columnheader');
        } else {
          set(cell, 'role', 'cell');
        }
        if (section.tagName !== 'THEAD') {
          // A cell across every column (a "nothing yet" row) speaks for itself.
          const label = labels.length > 1 && cell.colSpan >= labels.length ? '' : (labels[column] ?? '');
          if (label) set(cell, 'data-label', label);
          else cell.removeAttribute('data-label');
        }
        column += cell.colSpan;
      }
    }
  }
}

/** Table where the columns fit the box (and the box is wider than a phone's), cards otherwise. */
function chooseLayout(wrap: HTMLDivElement, table: HTMLTableElement): void {
  const width = wrap.clientWidth;
  if (width === 0) return;
  wrap.dataset.layout = 'table';
  const fits = width >= CARDS_BELOW_PX && table.getBoundingClientRect().width <= width + 1;
  wrap.dataset.layout = fits ? 'table' : 'cards';
  // In cards the column headers are for assistive technology only (app.css .visually-hidden).
  table.tHead?.classList.toggle('visually-hidden', !fits);
}

export function DataTable({ caption, label, className, children }: DataTableProps) {
  const wrapRef = useRef<HTMLDivElement>(null);
  const tableRef = useRef<HTMLTableElement>(null);
  useLayoutEffect(() => {
    const wrap = wrapRef.current;
    const table = tableRef.current;
    if (!wrap || !table) return;
    const update = () => {
      labelCells(table);
      chooseLayout(wrap, table);
    };
    update();
    let lastWidth = wrap.clientWidth;
    // Browsers without ResizeObserver (and test DOMs) keep the layout chosen here.
    const resized =
      typeof ResizeObserver === 'function'
        ? new ResizeObserver(() => {
            if (wrap.clientWidth === lastWidth) return;
            lastWidth = wrap.clientWidth;
            chooseLayout(wrap, table);
          })
        : null;
    resized?.observe(wrap);
    // Rows that come and go, and cells whose text changes (a language switch), after this render.
    const changed = new MutationObserver(update);
    changed.observe(table, { childList: true, subtree: true, characterData: true });
    return () => {
      resized?.disconnect();
      changed.disconnect();
    };
  }, []);
  return (
    <div ref={wrapRef} className="pv-table-wrap" data-layout="table">
      <table
        ref={tableRef}
        className={className ? `pv-table ${className}` : 'pv-table'}
        aria-label={caption ? undefined : label}
      >
        {caption ? <caption>{caption}</caption> : null}
        {children}
      </table>
    </div>
  );
}
