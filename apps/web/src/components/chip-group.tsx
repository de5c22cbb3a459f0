/**
 * A filter of a few choices, one of them on: a labelled group of toggle chips (aria-pressed),
 * the design system's `.pv-chip`. Plain buttons: an IonSegment was a Stencil component per
 * choice plus its own, upgraded and rendered during the page's start-up.
 */
export function ChipGroup<V extends string>({
  label,
  value,
  options,
  onChange,
}: {
  /** The group's accessible name. */
  label: string;
  value: V;
  options: readonly { value: V; label: string }[];
  onChange: (value: V) => void;
}) {
  return (
    <div className="pv-chip-group" role="group" aria-label={label}>
      {options.map((option) => (
        <button
          key={option.value}
          type="button"
          className="pv-chip"
          aria-pressed={option.value === value}
          onClick={() => {
            if (option.value !== value) onChange(option.value);
          }}
        >
          {option.label}
        </button>
      ))}
    </div>
  );
}
