/** Placeholder rows while a list loads; the label is read by screen readers. */
export function ListSkeleton({ label, rows = 2 }: { label: string; rows?: number }) {
  return (
    <div role="status" aria-live="polite" aria-busy="true">
      <span className="visually-hidden">{label}</span>
      {Array.from({ length: rows }, (_, i) => (
        <div key={i} className="pv-item" aria-hidden="true">
          <div className="pv-item-text" style={{ width: '100%' }}>
            <div className="pv-skeleton" style={{ width: '40%' }} />
            <div className="pv-skeleton" style={{ width: '70%' }} />
          </div>
        </div>
      ))}
    </div>
  );
}
