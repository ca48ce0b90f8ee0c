import type { FormEvent } from 'react';
import { maskKey } from './ai-settings.ts';

interface AiKeyFormProps {
  /** The key field's id (its label and help are tied to it). */
  id: string;
  value: string;
  onChange: (value: string) => void;
  /** Whether the typed key is shown in clear. */
  shown: boolean;
  onToggleShown: () => void;
  /** The stored key, shown masked, or null when none is stored. */
  storedKey: string | null;
  saving: boolean;
  onSave: (event: FormEvent) => void;
}

/** The OpenAI key of the AI panel: typed (hidden by default), saved, and the stored one masked. */
export function AiKeyForm({
  id,
  value,
  onChange,
  shown,
  onToggleShown,
  storedKey,
  saving,
  onSave,
}: AiKeyFormProps) {
  const helpId = `${id}-help`;
  return (
    <form className="ai-panel__field" onSubmit={onSave} noValidate>
      <label htmlFor={id}>Clé API OpenAI</label>
      <div className="ai-panel__key-row">
        <input
          id={id}
          type={shown ? 'text' : 'password'}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          placeholder="sk-…"
          autoComplete="off"
          spellCheck={false}
          aria-describedby={helpId}
        />
        <button
          type="button"
          className="ai-panel__button ai-panel__button--secondary"
          aria-controls={id}
          aria-pressed={shown}
          onClick={onToggleShown}
        >
          {shown ? 'Masquer la clé' : 'Afficher la clé'}
        </button>
        <button
          type="submit"
          className="ai-panel__button ai-panel__button--secondary"
          disabled={saving}
        >
          Enregistrer la clé
        </button>
      </div>
      <p id={helpId} className="ai-panel__help">
        {storedKey ? (
          <>
            Clé enregistrée : <span className="ai-panel__masked">{maskKey(storedKey)}</span>.
            Laissez le champ vide pour l&apos;utiliser, ou saisissez-en une autre.
          </>
        ) : (
          'La clé doit commencer par « sk- ».'
        )}
      </p>
    </form>
  );
}
