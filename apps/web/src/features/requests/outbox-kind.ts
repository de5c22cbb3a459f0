/** The offline outbox's kind for pickup requests, apart from the form so the list needs no form code. */
export const REQUEST_OUTBOX_KIND = 'pickup-request';
