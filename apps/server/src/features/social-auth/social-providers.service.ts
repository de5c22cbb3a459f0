import { socialCallbackPath, socialStartPath, type SocialProvider } from '@puntoverde/contract';
import type { OidcProviderConfig } from '../../config.js';
import { AppError } from '../../lib/app-error.js';
import type { SocialAuthContext } from './social-auth-context.js';

/** The configured OpenID Connect providers: which there are, and where each answers. */

export function listProviders(ctx: SocialAuthContext): SocialProvider[] {
  return ctx.config.oidcProviders.map((p) => ({ id: p.id, label: p.label, start_url: socialStartPath(p.id) }));
}

export function providerOf(ctx: SocialAuthContext, id: string): OidcProviderConfig {
  const provider = ctx.providers.get(id);
  if (!provider) throw new AppError('social-provider-unknown');
  return provider;
}

/** The callback URL registered at the provider. */
export function redirectUri(ctx: SocialAuthContext, provider: OidcProviderConfig): string {
  return `${ctx.config.publicUrl}${socialCallbackPath(provider.id)}`;
}
