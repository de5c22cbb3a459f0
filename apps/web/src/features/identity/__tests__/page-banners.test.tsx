import { act, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { describe, expect, it, vi } from 'vitest';
import { householdUser } from '../../../test/fixtures';
import { translate, translations } from '../../../test/translate';
import { initSessionFromStorage, saveSession } from '../../../lib/session';
import { PageBanners } from '../components/page-banners';

const loaded = vi.hoisted(() => ({ count: 0 }));
vi.mock('../components/account-banners', async (importOriginal) => {
  loaded.count++;
  return importOriginal();
});

const i18n = i18next.createInstance();
void i18n.use(initReactI18next).init({
  lng: 'es',
  resources: { es: { translation: translations.es } },
  interpolation: { escapeValue: false },
  showSupportNotice: false,
});

function renderBanners() {
  return render(
    <I18nextProvider i18n={i18n}>
      <PageBanners />
    </I18nextProvider>,
  );
}

describe('PageBanners', () => {
  it('downloads nothing for a visitor or a verified user', async () => {
    initSessionFromStorage();
    const { container, rerender } = renderBanners();
    act(() => saveSession({ ...householdUser, email_verified: true }));
    rerender(
      <I18nextProvider i18n={i18n}>
        <PageBanners />
      </I18nextProvider>,
    );
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 20));
    });
    expect(container).toBeEmptyDOMElement();
    expect(loaded.count).toBe(0);
  });

  it('shows the verification reminder to a logged-in user whose e-mail is not verified', async () => {
    initSessionFromStorage();
    act(() => saveSession({ ...householdUser, email: 'ana@example.co', email_verified: false }));
    renderBanners();
    expect(await screen.findByRole('region', { name: translate('identity.verify.bannerLabel') })).toBeInTheDocument();
    expect(loaded.count).toBe(1);
  });
});
