/** NIT input that formats as the user types (`900.123.456-8`); the schema checks the DIAN check digit. */
import { useTranslation } from 'react-i18next';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { TextField } from '../../../components/form-fields';
import { formatNitInput } from '../forms/nit-input';

export function NitField({ registration, error }: { registration: UseFormRegisterReturn; error?: string }) {
  const { t } = useTranslation();
  const onChange: UseFormRegisterReturn['onChange'] = (event) => {
    const input = event.target as HTMLInputElement;
    const caret = input.selectionStart ?? input.value.length;
    const formatted = formatNitInput(input.value, caret);
    if (formatted.value !== input.value) {
      input.value = formatted.value;
      // Only the focused field has a caret to keep (autofill and tests may set the value directly).
      if (document.activeElement === input) input.setSelectionRange(formatted.caret, formatted.caret);
    }
    return registration.onChange(event);
  };
  return (
    <TextField
      label={t('identity.fields.nit')}
      inputMode="numeric"
      autoComplete="off"
      placeholder="900.123.456-8"
      hint={t('identity.hints.nit')}
      registration={{ ...registration, onChange }}
      error={error}
    />
  );
}
