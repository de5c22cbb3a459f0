import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LightBadge, StatusBadge } from '../components/badges';
import { renderPqr } from './render';

describe('traffic light and status badges', () => {
  it('says the light in words and counts business days', () => {
    renderPqr(
      <>
        <LightBadge light="overdue" daysLeft={-2} />
        <LightBadge light="due_soon" daysLeft={1} />
        <LightBadge light="paused" daysLeft={null} />
        <StatusBadge status="pendiente_informacion" />
      </>,
    );
    expect(screen.getByText('Vencida')).toBeInTheDocument();
    expect(screen.getByText(/2 días hábiles de retraso/)).toBeInTheDocument();
    expect(screen.getByText(/queda 1 día hábil/)).toBeInTheDocument();
    expect(screen.getByText('Plazo suspendido')).toBeInTheDocument();
    expect(screen.getByText('Pendiente de tu información')).toBeInTheDocument();
  });
});
