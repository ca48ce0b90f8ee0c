import { useEffect, useId, useState, type ReactNode } from 'react';
import type { Version } from '../content/history-api.ts';
import { formatLongDateTime } from '../../lib/dates-paris.ts';
import { Message } from '../../lib/message/message.tsx';
import { PreviewBoundary } from './preview-boundary.tsx';
import './history-panel.css';

export interface HistoryPanelProps<T> {
  /** The earlier versions, newest first. */
  load: () => Promise<Version<T>[]>;
  /** How a version looks on the site. */
  renderPreview: (data: T) => ReactNode;
  /** Saves the version as a new one (nothing is overwritten: the current one joins the history). */
  onRestore: (data: T) => void;
  onClose: () => void;
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

/** « Historique »: opens the panel of earlier versions. */
export function HistoryButton({ onOpen }: { onOpen: () => void }) {
  return (
    <p className="editor__history-toggle">
      <button type="button" className="button button--small button--secondary" onClick={onOpen}>
        Historique
      </button>
    </p>
  );
}

type Load<T> = { kind: 'loading' } | { kind: 'failed' } | { kind: 'ready'; versions: Version<T>[] };

/**
 * « Historique »: the earlier versions of what the editor edits (date in Paris time, author), a
 * preview of the one chosen as the site shows it, and « Restaurer cette version »
 * (docs/decisions/025-content-history.md).
 */
export function HistoryPanel<T>({ load, renderPreview, onRestore, onClose }: HistoryPanelProps<T>) {
  const [state, setState] = useState<Load<T>>({ kind: 'loading' });
  const [selected, setSelected] = useState<number | null>(null);
  const [attempt, setAttempt] = useState(0);
  const titleId = useId();

  useEffect(() => {
    let live = true;
    load().then(
      (versions) => live && setState({ kind: 'ready', versions }),
      (error: unknown) => {
        console.error("Erreur lors du chargement de l'historique", error);
        if (live) setState({ kind: 'failed' });
      },
    );
    return () => {
      live = false;
    };
  }, [load, attempt]);

  const version =
    state.kind === 'ready' ? state.versions.find((v) => v.id === selected) : undefined;

  return (
    <section className="history-panel" aria-labelledby={titleId}>
      <div className="history-panel__header">
        <h2 id={titleId} className="history-panel__title">
          Historique
        </h2>
        <button type="button" className="button button--small button--secondary" onClick={onClose}>
          Fermer l’historique
        </button>
      </div>
      {state.kind === 'loading' && <p role="status">Chargement de l’historique…</p>}
      {state.kind === 'failed' && (
        <Message kind="error" as="div">
          <p>L’historique n’a pas pu être chargé. Vérifiez votre connexion, puis réessayez.</p>
          <button
            type="button"
            className="button button--small"
            onClick={() => {
              setState({ kind: 'loading' });
              setAttempt((n) => n + 1);
            }}
          >
            Réessayer
          </button>
        </Message>
      )}
      {state.kind === 'ready' && state.versions.length === 0 && (
        <p>Aucune version précédente : ce contenu n’a pas encore été modifié.</p>
      )}
      {state.kind === 'ready' && state.versions.length > 0 && (
        <div className="history-panel__body">
          <ol className="history-panel__list" aria-label="Versions précédentes">
            {state.versions.map((v) => (
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
