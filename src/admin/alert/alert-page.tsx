import { useCallback, useId, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { contentKeys } from '../../content/api.ts';
import type { SiteContent } from '../../content/content.ts';
import type { AlertContent } from '../../content/generated/types.ts';
import { isSupabaseConfigured } from '../../lib/supabase.ts';
import { AlertBanner, ALERT_TYPE_LABELS } from '../../site/alert/alert-banner.tsx';
import { isAlertShown } from '../../site/alert/use-alert-visibility.ts';
import { ConfigMissingNotice } from '../config-missing-notice.tsx';
import { useSaveContentMutation } from '../content/save-content.ts';
import { useStoredContent } from '../content/use-stored-content.ts';
import { useAutosave, type AutosaveStatus } from './use-autosave.ts';
import '../styles/editor.css';
import './alert.css';
import { storedContentFallback } from '../content/stored-content-fallback.tsx';

const TITLE = "Gérer l'Alerte";

const TYPES = Object.keys(ALERT_TYPE_LABELS) as AlertContent['type'][];

/** "Gérer l'Alerte" (/admin/alert): the site-wide banner, previewed live and saved as it is edited. */
export function AlertPage() {
  return (
    <>
      <title>{`${TITLE} – Administration`}</title>
      <h1>{TITLE}</h1>
      {isSupabaseConfigured ? <StoredAlert /> : <ConfigMissingNotice />}
    </>
  );
}

/** Waits for the stored alert: the panel never starts from (and saves) the defaults by mistake. */
function StoredAlert() {
  const load = useStoredContent();
  const { content } = load;
  const fallback = storedContentFallback(load);
  if (fallback) return fallback;
  return <AlertEditor initial={content.alert} />;
}

/** The words of the save state, for the status line. */
export function autosaveText(status: AutosaveStatus): string {
  switch (status.kind) {
    case 'pending':
      return 'Modifications en attente d’enregistrement…';
    case 'saving':
      return 'Enregistrement…';
    case 'saved':
      return '✓ Enregistré';
    default:
      return '';
  }
}

export function AlertEditor({ initial }: { initial: AlertContent }) {
  const [alert, setAlert] = useState(initial);
  const queryClient = useQueryClient();
  const { mutateAsync } = useSaveContentMutation();
  const save = useCallback(
    (content: AlertContent) => mutateAsync({ type: 'alert', content }),
    [mutateAsync],
  );
  const { status, retry } = useAutosave(alert, save);
  const id = useId();
  const previewTitleId = `${id}-preview`;

  // An edit applies at once to the shared alert state (the site's content in this tab),
  // and is saved.
  const edit = (change: Partial<AlertContent>) => {
    const next = { ...alert, ...change };
    setAlert(next);
    queryClient.setQueryData<SiteContent>(contentKeys.all, (current) =>
      current ? { ...current, alert: next } : current,
    );
  };

  const shown = isAlertShown(alert);
  return (
    <div className="editor editor--with-preview alert-panel">
      <div className="editor__form">
        <div className="alert-panel__help" id={`${id}-help`}>
          <p>
            <strong>Comment ça marche</strong>
          </p>
          <ul>
            <li>L&apos;alerte s&apos;affiche en haut de toutes les pages du site.</li>
            <li>Les modifications sont enregistrées automatiquement.</li>
            <li>
              Sans l&apos;option « Alerte permanente », elle disparaît après 10 secondes ; le
              visiteur peut aussi la fermer.
            </li>
          </ul>
        </div>
        <form className="alert-panel__form" onSubmit={(event) => event.preventDefault()}>
          <div className="alert-panel__check">
            <input
              id={`${id}-active`}
              type="checkbox"
              checked={alert.active}
              onChange={(event) => edit({ active: event.target.checked })}
            />
            <label htmlFor={`${id}-active`}>Activer l&apos;alerte</label>
          </div>
          <div className="alert-panel__check">
            <input
              id={`${id}-permanent`}
              type="checkbox"
              checked={alert.permanent}
              onChange={(event) => edit({ permanent: event.target.checked })}
            />
            <label htmlFor={`${id}-permanent`}>Alerte permanente</label>
          </div>
          <div className="editor-field">
            <label className="editor-field__label" htmlFor={`${id}-type`}>
              Type
            </label>
            <select
              id={`${id}-type`}
              className="editor-input"
              value={alert.type}
              onChange={(event) => edit({ type: event.target.value as AlertContent['type'] })}
            >
              {TYPES.map((type) => (
                <option key={type} value={type}>
                  {ALERT_TYPE_LABELS[type]}
                </option>
              ))}
            </select>
          </div>
          <div className="editor-field">
            <label className="editor-field__label" htmlFor={`${id}-message`}>
              Message
            </label>
            <textarea
              id={`${id}-message`}
              className="editor-input"
              rows={4}
              value={alert.message}
              onChange={(event) => edit({ message: event.target.value })}
            />
          </div>
          <div className="editor__actions">
            <p className="editor__saved" role="status">
              {autosaveText(status)}
            </p>
            {status.kind === 'failed' && (
              <div className="form__error editor__failed" role="alert">
                <p className="alert-panel__error-text">{status.message}</p>
                <button type="button" className="button button--small" onClick={() => void retry()}>
                  Réessayer
                </button>
              </div>
            )}
          </div>
        </form>
      </div>
      <section className="editor__preview" aria-labelledby={previewTitleId}>
        <h2 id={previewTitleId} className="editor__preview-title">
          Aperçu en direct
        </h2>
        {shown ? (
          // A picture of the banner, not a live region of this page: it must not speak on each
          // keystroke, and its close button is not this page's.
          <div className="editor__preview-frame alert-panel__preview" inert aria-hidden="true">
            <AlertBanner alert={alert} onClose={() => {}} />
          </div>
        ) : (
          <p className="alert-panel__off">
            {alert.active
              ? 'L’alerte est activée mais n’a pas de message : elle ne s’affiche pas sur le site.'
              : 'L’alerte est désactivée : elle ne s’affiche pas sur le site.'}
          </p>
        )}
      </section>
    </div>
  );
}
