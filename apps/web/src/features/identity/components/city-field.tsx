/** City: free text with suggestions (the demo city and the main Colombian cities). */
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { TextField } from '../../../components/form-fields';

const SUGGESTED_CITIES = [
  'Medellín',
  'Bello',
  'Itagüí',
  'Envigado',
  'Sabaneta',
  'La Estrella',
  'Copacabana',
  'Bogotá',
  'Cali',
  'Barranquilla',
  'Cartagena',
  'Bucaramanga',
  'Pereira',
  'Manizales',
] as const;

export function CityField({ registration, error }: { registration: UseFormRegisterReturn; error?: string }) {
  const { t } = useTranslation();
  const listId = useId();
  return (
    <>
      <TextField
        label={t('identity.fields.city')}
        autoComplete="address-level2"
        list={listId}
        registration={registration}
        error={error}
      />
      <datalist id={listId}>
        {SUGGESTED_CITIES.map((city) => (
          <option key={city} value={city} />
        ))}
      </datalist>
    </>
  );
}
