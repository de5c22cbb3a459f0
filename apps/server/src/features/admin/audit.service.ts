/**
 * The back office's audit log, for every feature that changes data on an admin's behalf:
 * call recordAudit inside the same transaction as the change.
 */
export { listAudit, recordAudit, type AuditRecord } from './audit.repository.js';
