/** A labelled `<select>` of a list screen's filter bar; the value comes back as the option's string. */
import { LabelledField } from './labelled-field';
import '../../../components/form-fields.css';

export interface FilterSelectProps<V extends string | number> {
  id: string;
  label: string;
  value: V;
  options: readonly { value: V; label: string }[];
  onChange: (value: string) => void;
  disabled?: boolean;
}

export function FilterSelect<V extends string | number>({
  id,
  label,
  value,
  options,
  onChange,
  disabled,
}: FilterSelectProps<V>) {
  return (
    <LabelledField id={id} label={label}>
      <select
        id={id}
        className="pv-field-input"
        value={value}
        disabled={disabled}
        onChange={(e) => onChange(e.target.value)}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </LabelledField>
  );
}
