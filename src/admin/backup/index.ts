/**
 * What the backups offer the rest of the back-office: the other folders import
 * only this; their other files are their own (docs/decisions/085-admin-zones.md).
 */
export { BackupStatusLine } from './backup-status.tsx';
