/**
 * A back-office number (coordinates, litres, a position) on the shared `QuantityValueField`,
 * bound to a react-hook-form field: coordinates take a sign and six decimals, as before, and so
 * do the counts (the contract's schema says what it accepts).
 */
import type { Control, FieldPath, FieldValues } from 'react-hook-form';
import { Controller } from 'react-hook-form';
import { QuantityValueField } from '../form-fields';

export function NumberValueField<T extends FieldValues>({
  control,
  name,
  label,
  hint,
  optional,
}: {
  control: Control<T>;
  name: FieldPath<T>;
  label: string;
  hint?: string;
  optional?: boolean;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <QuantityValueField
          label={label}
          hint={hint}
          optional={optional}
          maxDecimals={6}
          allowNegative
          value={field.value}
          onChange={field.onChange}
          onBlur={field.onBlur}
          error={fieldState.error?.message}
        />
      )}
    />
  );
}
