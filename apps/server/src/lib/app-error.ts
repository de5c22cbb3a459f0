import { ERRORS, type ErrorCode } from '@puntoverde/contract';

/**
 * The one error type features throw. The error handler turns it into
 * `{ code, message, fields? }` with the status from the contract's catalogue.
 */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly fields: Record<string, string> | undefined;
  readonly headers: Record<string, string> | undefined;

  constructor(
    code: ErrorCode,
    options: { message?: string; fields?: Record<string, string>; headers?: Record<string, string>; cause?: unknown } = {},
  ) {
    super(options.message ?? ERRORS[code].message, { cause: options.cause });
    this.name = 'AppError';
    this.code = code;
    this.status = ERRORS[code].status;
    this.fields = options.fields;
    this.headers = options.headers;
  }

  /** A 400 naming one offending field. */
  static field(code: ErrorCode, field: string, message?: string): AppError {
    const msg = message ?? ERRORS[code].message;
    return new AppError(code, { message: msg, fields: { [field]: msg } });
  }
}
