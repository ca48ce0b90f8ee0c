/**
 * What the back-office says about the site's backups (the self-hosted server saves the site every
 * day, docs/decisions/008-backups-and-operations.md). The owner is not expected to act on a
 * backup, only to notice when they stop: a last backup older than two days is a warning.
 */

export interface LastBackup {
  /** When the backup finished (ISO 8601). */
  at: string;
  file: string;
  bytes: number;
}

export const STALE_AFTER_MS = 2 * 24 * 60 * 60 * 1000;

const WHEN = new Intl.DateTimeFormat('fr-FR', {
  dateStyle: 'long',
  timeStyle: 'short',
  timeZone: 'Europe/Paris',
});

export type BackupStatus =
  { kind: 'none'; text: string } | { kind: 'recent' | 'stale'; text: string };

export function backupStatus(last: LastBackup | null, now: Date): BackupStatus {
  if (!last) return { kind: 'none', text: 'Aucune sauvegarde du site pour l’instant.' };
  const at = new Date(last.at);
  const text = `Dernière sauvegarde : le ${WHEN.format(at)}.`;
  const age = now.getTime() - at.getTime();
  if (age <= STALE_AFTER_MS) return { kind: 'recent', text };
  const days = Math.floor(age / (24 * 60 * 60 * 1000));
  return {
    kind: 'stale',
    text: `${text} Plus de ${days} jours sans sauvegarde : prévenez la personne qui héberge le site.`,
  };
}

export const BACKUP_STATUS_ERROR = 'Date de la dernière sauvegarde indisponible.';
