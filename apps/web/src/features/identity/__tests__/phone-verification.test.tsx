import type { Me } from '@puntoverde/contract';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { householdUser } from '../../../test/fixtures';
import { translate } from '../../../test/translate';
import { getCurrentUser, initSessionFromStorage, saveSession } from '../../../lib/session';
import { PageBanners } from '../components/page-banners';
import { PhoneVerification } from '../components/phone-verification';
import { isPhoneVerificationOffered, offerPhoneVerification } from '../phone-offer';
import { fieldError, fill, renderWithProviders, stubFetch } from '../../../test/render';

const me: Me = {
  id: 8,
  tc_id: 2,
  id_empresa: null,
  email: 'ana@example.co',
  name: 'Ana Ríos',
  is_admin: false,
  first_name: 'Ana',
  last_name: 'Ríos',
  company_name: null,
  contact_name: null,
  document_type: 'CC',
  document_number: '1036123456',
  nit: null,
  phone: '3001234567',
  city: 'Medellín',
  address: null,
  email_verified: true,
  email_verified_at: '2026-11-20T10:00:00.000Z',
  phone_verified: false,
  phone_verified_at: null,
  data_policy_version: '2026-11',
  data_policy_accepted_at: '2026-11-20T10:00:00.000Z',
  has_password: true,
  must_change_password: false,
  created_at: '2026-11-20T10:00:00.000Z',
};

const sentBody = {
  data: { sent: true, phone: '3001234567', expires_at: '2026-11-26T10:10:00.000Z', resend_after_s: 60 },
};

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  window.localStorage.clear();
});

describe('Verifica tu celular', () => {
  it('sends a code to the profile mobile, refuses a wrong code on its field, then shows the badge', async () => {
    initSessionFromStorage();
    act(() => saveSession({ ...householdUser, phone_verified: false }));
    const { calls } = stubFetch(
      { status: 200, body: sentBody },
      {
        status: 400,
        body: {
          code: 'phone-code-invalid',
          message: 'El código no es correcto o ya no sirve. Revisa el SMS o pide un código nuevo.',
          fields: { code: 'x' },
        },
      },
      { status: 200, body: { data: { phone: '3001234567', phone_verified_at: '2026-11-26T10:01:00.000Z' } } },
    );
    // As on the profile: the account, fetched again once the phone is verified, says so.
    function Profile() {
      const [account, setAccount] = useState(me);
      return (
        <PhoneVerification
          me={account}
          onVerified={() => setAccount({ ...me, phone_verified: true, phone_verified_at: '2026-11-26T10:01:00.000Z' })}
        />
      );
    }
    const view = renderWithProviders(<Profile />);
    expect(screen.getByText('+57 300 123 4567')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: translate('phone.send') }));
    expect(
      await screen.findByText('Te enviamos un código al +57 300 123 4567. Vence en 10 minutos.'),
    ).toBeInTheDocument();
    expect(calls[0]).toMatchObject({ url: '/back/api/v1/me/phone/verification', method: 'POST', body: {} });

    fill(translate('phone.codeLabel'), '12345');
    fireEvent.click(screen.getByRole('button', { name: translate('phone.confirm') }));
    await waitFor(() =>
      expect(fieldError(translate('phone.codeLabel'))).toBe('Escribe los 6 dígitos del código que te llegó por SMS.'),
    );
    expect(calls).toHaveLength(1);

    fill(translate('phone.codeLabel'), '000000');
    fireEvent.click(screen.getByRole('button', { name: translate('phone.confirm') }));
    await waitFor(() =>
      expect(fieldError(translate('phone.codeLabel'))).toBe(translate('phone.errors.phone-code-invalid')),
    );

    fill(translate('phone.codeLabel'), '424 242');
    fireEvent.click(screen.getByRole('button', { name: translate('phone.confirm') }));
    await waitFor(() => expect(calls).toHaveLength(3));
    expect(calls[2]!.body).toEqual({ code: '424242' });
    await waitFor(() => expect(getCurrentUser().phone_verified).toBe(true));
    // The steps give way to the badge, which says it has just been done.
    expect(await screen.findByText(translate('phone.success'))).toBeInTheDocument();
    expect(screen.getByText(translate('phone.verified'))).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: translate('phone.confirm') })).toBeNull();
    view.unmount();
    renderWithProviders(
      <PhoneVerification me={{ ...me, phone_verified: true, phone_verified_at: '2026-11-26T10:01:00.000Z' }} />,
    );
    expect(screen.getByText(translate('phone.verified'))).toBeInTheDocument();
    expect(screen.queryByText(translate('phone.success'))).toBeNull();
    expect(screen.queryByRole('textbox')).toBeNull();
  });

  it('counts down 60 s before another code can be asked for', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    stubFetch({ status: 200, body: sentBody });
    renderWithProviders(<PhoneVerification me={me} />);
    fireEvent.click(screen.getByRole('button', { name: translate('phone.send') }));
    const resend = await screen.findByRole('button', { name: translate('phone.resend') });
    expect(resend).toBeDisabled();
    expect(screen.getByText('Puedes pedir otro código en 60 s.')).toBeInTheDocument();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(10_000);
    });
    expect(screen.getByText(/Puedes pedir otro código en 5\d s\./)).toBeInTheDocument();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(51_000);
    });
    expect(screen.getByRole('button', { name: translate('phone.resend') })).toBeEnabled();
  });

  it('asks a company with a landline for a mobile, and shows the server field error', async () => {
    const { calls } = stubFetch({
      status: 400,
      body: {
        code: 'phone-not-mobile',
        message: translate('phone.errors.phone-not-mobile'),
        fields: { phone: translate('phone.errors.phone-not-mobile') },
      },
    });
    renderWithProviders(<PhoneVerification me={{ ...me, tc_id: 3, phone: '6044445566' }} />);
    expect(screen.getByText(translate('phone.noMobile'))).toBeInTheDocument();
    fill(translate('phone.numberLabel'), '310 444 5566');
    fireEvent.click(screen.getByRole('button', { name: translate('phone.send') }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]!.body).toEqual({ phone: '3104445566' });
    await waitFor(() =>
      expect(fieldError(translate('phone.numberLabel'))).toBe(translate('phone.errors.phone-not-mobile')),
    );
  });
});

describe('a number verified on another account', () => {
  it('says so after the right code, and asks for another number', async () => {
    const message = translate('phone.errors.phone-verified-elsewhere');
    const { calls } = stubFetch(
      { status: 200, body: sentBody },
      { status: 409, body: { code: 'phone-verified-elsewhere', message } },
    );
    renderWithProviders(<PhoneVerification me={me} />);
    fireEvent.click(screen.getByRole('button', { name: translate('phone.send') }));
    await screen.findByLabelText(translate('phone.codeLabel'));
    fill(translate('phone.codeLabel'), '424242');
    fireEvent.click(screen.getByRole('button', { name: translate('phone.confirm') }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(message).toContain('ya está verificado en otra cuenta');
    expect(calls).toHaveLength(2);
    // Back to the number: this one cannot be verified here, another may.
    expect(screen.queryByLabelText(translate('phone.codeLabel'))).toBeNull();
    expect(screen.getByLabelText(translate('phone.numberLabel'))).toHaveValue('');
  });
});

describe('the offer after sign-up', () => {
  it('shows once, and «Ahora no» ends it for good', async () => {
    initSessionFromStorage();
    act(() => saveSession({ ...householdUser, email_verified: true, phone_verified: false }));
    offerPhoneVerification(householdUser.id);
    const first = renderWithProviders(<PageBanners />);
    const offer = await screen.findByRole('region', { name: translate('phone.offer.label') }, { timeout: 10_000 });
    expect(offer).toHaveTextContent(translate('phone.offer.text'));
    expect(screen.getByRole('link', { name: translate('phone.offer.action') })).toHaveAttribute(
      'href',
      '/auth/profile/8',
    );
    fireEvent.click(screen.getByRole('button', { name: translate('phone.offer.skip') }));
    expect(screen.queryByRole('region', { name: translate('phone.offer.label') })).not.toBeInTheDocument();
    expect(isPhoneVerificationOffered(householdUser.id)).toBe(false);
    first.unmount();
    const { container } = renderWithProviders(<PageBanners />);
    expect(container).toBeEmptyDOMElement();
  });
});
