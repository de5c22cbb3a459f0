/**
 * The two messages the web client's API layer needs on the first paint, in a module of their
 * own so that the client does not load the whole error catalogue (errors.ts) with them.
 */
export const INTERNAL_ERROR_MESSAGE = 'Ocurrió un error inesperado. Inténtalo de nuevo más tarde.';
export const NETWORK_ERROR_MESSAGE =
  'No hay conexión con el servidor. Revisa tu conexión a internet e inténtalo de nuevo.';
