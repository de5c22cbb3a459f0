/** The offline outbox's kind for incident reports, apart from the form so the list needs no form code. */
export const REPORT_OUTBOX_KIND = 'incident-report';
