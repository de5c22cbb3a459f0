import { act, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { householdUser } from '../../../test/fixtures';
import { translate } from '../../../test/translate';
import { initSessionFromStorage, saveSession } from '../../../lib/session';
import { PageBanners } from '../components/page-banners';
import { renderWithProviders } from '../../../test/render';

const loaded = vi.hoisted(() => ({ count: 0 }));
vi.mock('../components/account-banners', async (importOriginal) => {
  loaded.count++;
  return importOriginal();
});

describe('PageBanners', () => {
  it('downloads nothing for a visitor or a verified user', async () => {
    initSessionFromStorage();
    const { container } = renderWithProviders(<PageBanners />);
    act(() => saveSession({ ...householdUser, email_verified: true }));
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 20));
    });
    expect(container).toBeEmptyDOMElement();
    expect(loaded.count).toBe(0);
  });

  it('shows the verification reminder to a logged-in user whose e-mail is not verified', async () => {
    initSessionFromStorage();
    act(() => saveSession({ ...householdUser, email: 'ana@example.co', email_verified: false }));
    renderWithProviders(<PageBanners />);
    // The banners' code is a lazy chunk: on a loaded machine its import takes longer than findBy's 1 s default.
    expect(await screen.findByRole('region', { name: translate('identity.verify.bannerLabel') }, { timeout: 5000 })).toBeInTheDocument();
    expect(loaded.count).toBe(1);
  });

  it('asks an account with a generated password for a new one before anything else', async () => {
    initSessionFromStorage();
    act(() => saveSession({ ...householdUser, email_verified: true, must_change_password: true }));
    renderWithProviders(<PageBanners />);
    const dialog = await screen.findByRole('dialog', { name: translate('identity.passwordChangeRequired.title') }, { timeout: 5000 });
    expect(dialog).toHaveTextContent(translate('identity.passwordChangeRequired.lead'));
    expect(screen.getByLabelText(translate('identity.fields.currentPassword'))).toBeInTheDocument();
    expect(screen.getByRole('button', { name: translate('identity.passwordChangeRequired.logout') })).toBeInTheDocument();
  });
});
