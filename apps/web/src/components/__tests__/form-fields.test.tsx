import { fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import { fieldError, renderWithProviders } from '../../test/render';
import { CheckboxGroupField, fieldBinder, QuantityValueField, SelectField, SwitchField } from '../form-fields';

type Values = { lat: number | null; materials: string[]; published: boolean; material: string };

/** A form like the back office's: a coordinate also set from outside, a checkbox group, a switch, a select whose options arrive later. */
function Harness({ onSubmit }: { onSubmit: (values: Values) => void }) {
  const form = useForm<Values>({
    defaultValues: { lat: 6.244, materials: ['vidrio'], published: true, material: 'pet' },
  });
  const field = fieldBinder(form);
  const [options, setOptions] = useState([{ value: '', label: 'Elige' }]);
  return (
    <form onSubmit={(e) => void form.handleSubmit(onSubmit)(e)}>
      <Controller
        control={form.control}
        name="lat"
        render={({ field: lat }) => (
          <QuantityValueField
            label="Latitud"
            maxDecimals={6}
            allowNegative
            value={lat.value}
            onChange={lat.onChange}
            onBlur={lat.onBlur}
          />
        )}
      />
      <button type="button" onClick={() => form.setValue('lat', 6.25112)}>
        Marcar en el mapa
      </button>
      <Controller
        control={form.control}
        name="materials"
        render={({ field: materials }) => (
          <CheckboxGroupField
            legend="Materiales"
            options={[
              { value: 'pet', label: 'PET' },
              { value: 'vidrio', label: 'Vidrio' },
            ]}
            value={materials.value}
            onChange={materials.onChange}
          />
        )}
      />
      <SwitchField label="Publicado" {...field('published')} />
      <SelectField label="Material" options={options} {...field('material')} />
      <button
        type="button"
        onClick={() =>
          setOptions([
            { value: '', label: 'Elige' },
            { value: 'pet', label: 'PET' },
          ])
        }
      >
        Cargar materiales
      </button>
      <button type="submit">Guardar</button>
    </form>
  );
}

describe('the shared form fields', () => {
  it('shows a number in the es-CO way, also when it is set from outside, and sends the number', async () => {
    const onSubmit = vi.fn();
    renderWithProviders(<Harness onSubmit={onSubmit} />);
    const lat = screen.getByLabelText('Latitud');
    // 6.244 written with a dot would read as 6244 in es-CO: the field writes the decimal comma.
    expect(lat).toHaveValue('6,244');
    fireEvent.click(screen.getByRole('button', { name: 'Marcar en el mapa' }));
    expect(lat).toHaveValue('6,25112');
    fireEvent.change(lat, { target: { value: '6,2501' } });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    await vi.waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0]![0]).toMatchObject({ lat: 6.2501 });
  });

  it('says why a number it cannot read is refused', () => {
    renderWithProviders(<Harness onSubmit={vi.fn()} />);
    fireEvent.change(screen.getByLabelText('Latitud'), { target: { value: '1.234' } });
    expect(fieldError('Latitud')).toMatch(/se puede leer de dos formas/);
    expect(screen.getByLabelText('Latitud')).toHaveAttribute('aria-invalid', 'true');
  });

  it('sends the checked boxes in the options’ order and the switch as a boolean', async () => {
    const onSubmit = vi.fn();
    renderWithProviders(<Harness onSubmit={onSubmit} />);
    expect(screen.getByRole('group', { name: 'Materiales' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('checkbox', { name: 'PET' }));
    fireEvent.click(screen.getByRole('switch', { name: 'Publicado' }));
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    await vi.waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0]![0]).toMatchObject({ materials: ['pet', 'vidrio'], published: false });
  });

  it('shows the form’s value in a select whose options arrive later', () => {
    renderWithProviders(<Harness onSubmit={vi.fn()} />);
    fireEvent.click(screen.getByRole('button', { name: 'Cargar materiales' }));
    expect(screen.getByRole('combobox', { name: 'Material' })).toHaveValue('pet');
  });
});
