/**
 * Stacked bars of kg per month and material. Chart.js (only the bar chart's parts) loads when the
 * chart first shows, so it stays out of every other page's JavaScript. The canvas is hidden from
 * assistive technology: the table beside it carries the same figures.
 */
import { useEffect, useRef } from 'react';
import type { Chart as ChartType } from 'chart.js';
import { formatNumber } from '../../../lib/number-format';
import { monthLabel, type FiguresTable } from '../table-data';

// Distinguishable on white and dark backgrounds (Okabe–Ito based).
const COLOURS = ['#0072B2', '#E69F00', '#009E73', '#CC79A7', '#56B4E9', '#D55E00', '#8A7C00', '#6A3D9A', '#999999', '#1B5E20'];

async function loadChart() {
  const { Chart, BarController, BarElement, CategoryScale, LinearScale, Legend, Tooltip } = await import('chart.js');
  Chart.register(BarController, BarElement, CategoryScale, LinearScale, Legend, Tooltip);
  return Chart;
}

export function FiguresChart({ table, lang, label }: { table: FiguresTable; lang: string; label: string }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const chart = useRef<ChartType<'bar'> | null>(null);

  useEffect(() => {
    let cancelled = false;
    void loadChart().then((Chart) => {
      if (cancelled || !canvas.current) return;
      const dark = window.matchMedia?.('(prefers-color-scheme: dark)').matches ?? false;
      const text = dark ? '#e6efe8' : '#1f2a22';
      const grid = dark ? '#3d4a41' : '#d6e0d8';
      chart.current?.destroy();
      chart.current = new Chart(canvas.current, {
        type: 'bar',
        data: {
          labels: table.months.map((m) => monthLabel(m, lang)),
          datasets: table.materials.map((m, j) => ({
            label: m.name,
            data: table.kg.map((row) => row[j] ?? 0),
            backgroundColor: COLOURS[j % COLOURS.length]!,
          })),
        },
        options: {
          responsive: true,
          maintainAspectRatio: false,
          animation: false,
          scales: {
            x: { stacked: true, ticks: { color: text }, grid: { color: grid } },
            y: { stacked: true, ticks: { color: text, callback: (v) => `${formatNumber(Number(v), lang, 1)} kg` }, grid: { color: grid } },
          },
          plugins: {
            legend: { labels: { color: text } },
            tooltip: { callbacks: { label: (c) => `${c.dataset.label ?? ''}: ${formatNumber(Number(c.raw), lang, 2)} kg` } },
          },
        },
      });
    });
    return () => {
      cancelled = true;
    };
  }, [table, lang]);

  useEffect(() => () => chart.current?.destroy(), []);

  return (
    <figure className="st-chart" aria-label={label}>
      <div className="st-chart-box">
        <canvas ref={canvas} aria-hidden="true" />
      </div>
    </figure>
  );
}
