import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useSupabase } from '../client/client-context.tsx';
import { ConfigMissingNotice } from '../ui/config-missing-notice.tsx';
import {
  AI_MESSAGES,
  AI_MODELS,
  clampCount,
  DEFAULT_COUNT,
  generatedMessage,
  generateLabel,
  generationErrorText,
  isAiModel,
  KEY_SAVED_CLEAR_MS,
  MAX_COUNT,
  MIN_COUNT,
  readStoredModel,
  storeModel,
  toneOf,
  type AiModel,
  type MessageTone,
} from './ai-settings.ts';
import { AiKeyForm } from './ai-key-form.tsx';
import { requestArticles, useSaveStoredKey, useStoredKey } from './api.ts';
import './ai-article-panel.css';

export interface AiArticlePanelProps {
  /** Called after a successful generation, so the blog page reloads its list. */
  onGenerated?: () => void;
}

interface Message {
  text: string;
  tone: MessageTone;
}

/** A panel message, coloured by its emoji (docs/product.md#ai-article-generation). */
const said = (text: string): Message => ({ text, tone: toneOf(text) });

function browserStorage(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.localStorage;
  } catch {
    return undefined;
  }
}

/**
 * The AI article generation panel of /admin/blog (docs/product.md#ai-article-generation):
 * model (kept in localStorage 'ai_model'), OpenAI key (stored in api_keys, admins only), count
 * and the generate button. Articles are created as drafts by the generate-articles function.
 *
 * Messages follow the panel's colour rule (red ❌, blue ℹ️, else green), with one deliberate
 * exception: a failed generation shows the server's text, which carries no emoji, in red.
 */
export function AiArticlePanel({ onGenerated }: AiArticlePanelProps) {
  const client = useSupabase();
  const id = useId();
  const [model, setModel] = useState<AiModel>(() => readStoredModel(browserStorage()));
  const [keyInput, setKeyInput] = useState('');
  const [showKey, setShowKey] = useState(false);
  const [countText, setCountText] = useState(String(DEFAULT_COUNT));
  const [generating, setGenerating] = useState(false);
  // Undefined until the owner acts: the reading of the stored key speaks until then.
  const [message, setMessage] = useState<Message | null | undefined>(undefined);
  const clearTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  // The stored key: the api_keys row named 'openai', if any.
  const stored = useStoredKey(client);
  const storedKey = stored.data ?? null;
  const { mutateAsync: storeKey, isPending: savingKey } = useSaveStoredKey(client);
  const shown =
    message !== undefined
      ? message
      : stored.isError
        ? said(AI_MESSAGES.keyLoadFailed)
        : stored.isSuccess && !stored.data
          ? said(AI_MESSAGES.noKey)
          : null;

  const count = clampCount(countText);
  const typedKey = keyInput.trim();
  // The key used for generating: the one typed, else the stored one (the server reads it itself).
  const usableKey = typedKey || storedKey || '';

  const show = (next: Message | null) => {
    clearTimeout(clearTimer.current);
    setMessage(next);
  };

  useEffect(() => () => clearTimeout(clearTimer.current), []);

  const chooseModel = (value: string) => {
    const next = isAiModel(value) ? value : 'gpt-4';
    setModel(next);
    storeModel(browserStorage(), next);
  };

  const saveKey = async (event: FormEvent) => {
    event.preventDefault();
    if (!client) return show({ text: AI_MESSAGES.notConfigured, tone: 'error' });
    if (!typedKey.startsWith('sk-')) return show(said(AI_MESSAGES.keyPrefix));
    try {
      await storeKey(typedKey);
      setKeyInput('');
      setShowKey(false);
      show(said(AI_MESSAGES.keySaved));
      clearTimer.current = setTimeout(() => setMessage(null), KEY_SAVED_CLEAR_MS);
    } catch (error) {
      console.error('Sauvegarde de la clé API impossible :', error);
      show(said(AI_MESSAGES.keySaveFailed));
    }
  };

  const generate = async () => {
    if (!client) return show({ text: AI_MESSAGES.notConfigured, tone: 'error' });
    if (!usableKey.startsWith('sk-')) return show({ text: AI_MESSAGES.keyMissing, tone: 'error' });
    setGenerating(true);
    show(null);
    try {
      const { data, error } = await requestArticles(client, {
        count,
        model,
        ...(typedKey ? { apiKey: typedKey } : {}),
      });
      if (error || data?.success !== true) {
        show({ text: await generationErrorText(error, data), tone: 'error' });
        return;
      }
      const made = Array.isArray(data.articles) ? data.articles.length : count;
      show(said(generatedMessage(made)));
      onGenerated?.();
    } catch (error) {
      console.error('Génération impossible :', error);
      show({ text: AI_MESSAGES.generationFailed, tone: 'error' });
    } finally {
      setGenerating(false);
    }
  };

  const ids = {
    title: `${id}-title`,
    model: `${id}-model`,
    key: `${id}-key`,
    count: `${id}-count`,
    countHelp: `${id}-count-help`,
  };

  return (
    <section className="ai-panel" aria-labelledby={ids.title} aria-busy={generating}>
      <h2 id={ids.title} className="ai-panel__title">
        Génération d&apos;articles par IA
      </h2>
      <p className="ai-panel__intro">
        Les articles générés sont enregistrés comme brouillons : relisez-les avant de les publier.
      </p>
      {!client && <ConfigMissingNotice />}

      <div className="ai-panel__field">
        <label htmlFor={ids.model}>Modèle</label>
        <select id={ids.model} value={model} onChange={(e) => chooseModel(e.target.value)}>
          {AI_MODELS.map((m) => (
            <option key={m} value={m}>
              {m}
            </option>
          ))}
        </select>
      </div>

      <AiKeyForm
        id={ids.key}
        value={keyInput}
        onChange={setKeyInput}
        shown={showKey}
        onToggleShown={() => setShowKey((v) => !v)}
        storedKey={storedKey}
        saving={savingKey}
        onSave={(e) => void saveKey(e)}
      />

      <div className="ai-panel__field">
        <label htmlFor={ids.count}>Nombre d&apos;articles</label>
        <input
          id={ids.count}
          className="ai-panel__count"
          type="number"
          inputMode="numeric"
          min={MIN_COUNT}
          max={MAX_COUNT}
          step={1}
          value={countText}
          onChange={(e) => setCountText(e.target.value)}
          onBlur={() => setCountText(String(count))}
          aria-describedby={ids.countHelp}
        />
        <p id={ids.countHelp} className="ai-panel__help">
          De {MIN_COUNT} à {MAX_COUNT}.
        </p>
      </div>

      <button
        type="button"
        className="ai-panel__button ai-panel__generate"
        disabled={generating || usableKey === ''}
        onClick={() => void generate()}
      >
        {generating ? (
          <>
            <span className="ai-panel__spinner" aria-hidden="true" />
            Génération...
          </>
        ) : (
          generateLabel(count)
        )}
      </button>

      <p
        className={`ai-panel__message${shown ? ` ai-panel__message--${shown.tone}` : ''}`}
        role="status"
        aria-live="polite"
      >
        {shown?.text}
      </p>
    </section>
  );
}
