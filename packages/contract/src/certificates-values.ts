/**
 * Certificates' paths, apart from their schemas (certificates.ts), so that the web's screens
 * call them without loading zod.
 */

export const CERTIFICATES_PATH = '/back/api/v1/certificates';
export const ADMIN_CERTIFICATES_PATH = '/back/api/v1/admin/certificates';
/** The public check of a certificate by its code (`GET {path}/{code}`). */
export const CERTIFICATE_VERIFICATIONS_PATH = '/back/api/v1/certificate-verifications';

/** GET: a certificate's PDF. */
export function certificatePdfPath(number: string): string {
  return `${CERTIFICATES_PATH}/${encodeURIComponent(number)}/pdf`;
}

/** GET (public): what a verification code certifies. */
export function certificateVerificationPath(code: string): string {
  return `${CERTIFICATE_VERIFICATIONS_PATH}/${encodeURIComponent(code)}`;
}
