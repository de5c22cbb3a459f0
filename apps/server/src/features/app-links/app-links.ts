/**
 * The files Android and iOS fetch from the server's own host before they open its links in the
 * app instead of the browser (App Links, Universal Links): they prove the app and the site
 * belong together. Without the signing fingerprint or the Team ID there is nothing to prove.
 */
import type { AppLinksConfig } from '../../config.js';

/** https://developer.android.com/training/app-links/verify-android-applinks (Digital Asset Links). */
export function assetLinks(config: AppLinksConfig): unknown[] | null {
  if (!config.androidCertSha256.length) return null;
  return [
    {
      relation: ['delegate_permission/common.handle_all_urls'],
      target: {
        namespace: 'android_app',
        package_name: config.appId,
        sha256_cert_fingerprints: config.androidCertSha256,
      },
    },
  ];
}

/**
 * https://developer.apple.com/documentation/xcode/supporting-associated-domains: every page
 * path opens in the app, the API and the verification pages of certificates stay on the web.
 */
export function appleAppSiteAssociation(config: AppLinksConfig): Record<string, unknown> | null {
  if (!config.iosTeamId) return null;
  return {
    applinks: {
      details: [
        {
          appIDs: [`${config.iosTeamId}.${config.appId}`],
          components: [
            { '/': '/back/*', exclude: true, comment: 'the API' },
            { '/': '/.well-known/*', exclude: true },
            { '/': '/*' },
          ],
        },
      ],
    },
  };
}
