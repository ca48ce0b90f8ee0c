import { useEffect, useId, useRef, useState, type ReactNode, type Ref } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { Version, VersionsQuery } from '../content/history-api.ts';
import { formatLongDateTime } from '../../lib/dates-paris.ts';
import { Message } from '../../lib/message/message.tsx';
import { PreviewBoundary } from './preview-boundary.tsx';
import './history-panel.css';

export interface HistoryPanelProps<T> {
  /** The earlier versions, newest first (versionsQuery in src/admin/content/history-api.ts). */
  history: VersionsQuery<T>;
  /** How a version looks on the site. */
  renderPreview: (data: T) => ReactNode;
  /** Saves the version as a new one (nothing is overwritten: the current one joins the history). */
  onRestore: (data: T) => void;
  onClose: () => void;
  /** The panel's title, focused when the panel opens. */
  titleRef: Ref<HTMLHeadingElement>;
}

/** '22 novembre 2026 à 14:30 — patron@garage.fr' */
export function versionLabel(version: Pick<Version, 'savedAt' | 'author'>): string {
  const when = version.savedAt ? formatLongDateTime(version.savedAt) : 'Date inconnue';
  const who =
    version.author === undefined
      ? 'auteur inconnu'
      : version.author === null
        ? 'enregistrement automatique'
        : version.author;
  return `${when} — ${who}`;
}

/**
 * « Historique » where an editor offers it: the button, or once pressed the panel; a version
 * restored closes the panel. The focus follows: to the panel's title when it opens, back to the
 * button when it closes, so that a keyboard is never left at the top of the page.
 */
export function History<T>({
  history,
  renderPreview,
  onRestore,
}: Omit<HistoryPanelProps<T>, 'onClose' | 'titleRef'>) {
  const [open, setOpen] = useState(false);
  const toggled = useRef(false);
  const button = useRef<HTMLButtonElement>(null);
  const title = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (!toggled.current) return;
    toggled.current = false;
    (open ? title : button).current?.focus();
  }, [open]);
  const toggle = (next: boolean) => {
    toggled.current = true;
    setOpen(next);
  };

  if (!open) return <HistoryButton ref={button} onOpen={() => toggle(true)} />;
  return (
    <HistoryPanel<T>
      history={history}
      renderPreview={renderPreview}
      onRestore={(data) => {
        toggle(false);
        onRestore(data);
      }}
      onClose={() => toggle(false)}
      titleRef={title}
    />
  );
}

/** « Historique »: opens the panel of earlier versions. */
function HistoryButton({ onOpen, ref }: { onOpen: () => void; ref: Ref<HTMLButtonElement> }) {
  return (
    <p className="editor__history-toggle">
      <button
        ref={ref}
        type="button"
        className="button button--small button--secondary"
        onClick={onOpen}
      >
        Historique
      </button>
    </p>
  );
}

/**
 * « Historique »: the earlier versions of what the editor edits (date in Paris time, author), a
 * preview of the one chosen as the site shows it, and « Restaurer cette version »
 * (docs/decisions/025-content-history.md).
 */
function HistoryPanel<T>({
  history,
  renderPreview,
  onRestore,
  onClose,
  titleRef,
}: HistoryPanelProps<T>) {
  const queryClient = useQueryClient();
  // Read each time the panel opens (gcTime 0: nothing is kept once it is closed), as the owner
  // comes to it after saves; a save while it is open refreshes it through its key.
  const versions = useQuery({
    queryKey: history.queryKey,
    queryFn: () =>
      history.queryFn().catch((error: unknown) => {
        console.error("Erreur lors du chargement de l'historique", error);
        throw error;
      }),
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });
  const [selected, setSelected] = useState<number | null>(null);
  const titleId = useId();

  const version = versions.data?.find((v) => v.id === selected);

  return (
    <section className="history-panel" aria-labelledby={titleId}>
      <div className="history-panel__header">
        <h2 id={titleId} ref={titleRef} tabIndex={-1} className="history-panel__title">
          Historique
        </h2>
        <button type="button" className="button button--small button--secondary" onClick={onClose}>
          Fermer l’historique
        </button>
      </div>
      {versions.isPending && <p role="status">Chargement de l’historique…</p>}
      {versions.isError && (
        <Message kind="error" as="div">
          <p>L’historique n’a pas pu être chargé. Vérifiez votre connexion, puis réessayez.</p>
          <button
            type="button"
            className="button button--small"
            // Back to « Chargement… » while it is read again.
            onClick={() => void queryClient.resetQueries({ queryKey: history.queryKey })}
          >
            Réessayer
          </button>
        </Message>
      )}
      {versions.data?.length === 0 && (
        <p>Aucune version précédente : ce contenu n’a pas encore été modifié.</p>
      )}
      {versions.data && versions.data.length > 0 && (
        <div className="history-panel__body">
          <ol className="history-panel__list" aria-label="Versions précédentes">
            {versions.data.map((v) => (
              <li key={v.id}>
                <button
                  type="button"
                  className="history-panel__version"
                  aria-pressed={v.id === selected}
                  onClick={() => setSelected(v.id)}
                >
                  {versionLabel(v)}
                </button>
              </li>
            ))}
          </ol>
          {version ? (
            <div className="history-panel__chosen">
              <button type="button" className="button" onClick={() => onRestore(version.data)}>
                Restaurer cette version
              </button>
              <p className="history-panel__hint">
                Elle sera enregistrée comme nouvelle version ; la version actuelle restera dans
                l’historique.
              </p>
              <div
                className="history-panel__preview"
                aria-label={`Aperçu de la version du ${versionLabel(version)}`}
                role="region"
              >
                <div inert aria-hidden="true">
                  <PreviewBoundary data={version.data}>
                    {renderPreview(version.data)}
                  </PreviewBoundary>
                </div>
              </div>
            </div>
          ) : (
            <p className="history-panel__hint">Choisissez une version pour la voir.</p>
          )}
        </div>
      )}
    </section>
  );
}
