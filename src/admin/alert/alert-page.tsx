import { useCallback, useMemo } from 'react';
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import { useQueryClient } from '@tanstack/react-query';
import { contentKeys } from '../../content/api.ts';
import { parseContent, validatorFor, type SiteContent } from '../../content/content.ts';
import { FORMS } from '../../content/generated/forms.ts';
import type { AlertContent } from '../../content/generated/types.ts';
import { useSupabase } from '../client/client-context.tsx';
import { AlertBanner } from '../../site/alert/alert-banner.tsx';
import { isAlertShown } from '../../site/alert/use-alert-visibility.ts';
import { ConfigMissingNotice } from '../ui/config-missing-notice.tsx';
import { fetchStoredContent, useSaveContentMutation } from '../content/save-content.ts';
import { useStoredContent } from '../content/use-stored-content.ts';
import { ContentEditor } from '../editor/content-editor.tsx';
import { createContentValidator } from '../editor/content-validator.ts';
import './alert.css';
import { storedContentFallback } from '../content/stored-content-fallback.tsx';
import { AdminTitle } from '../shell/new-requests.tsx';

const TITLE = "Gérer l'Alerte";

/** "Gérer l'Alerte" (/admin/alert): the site-wide banner, previewed live and saved as it is edited. */
export function AlertPage() {
  const configured = useSupabase() !== null;
  return (
    <>
      <AdminTitle>{TITLE}</AdminTitle>
      <h1>{TITLE}</h1>
      {configured ? <StoredAlert /> : <ConfigMissingNotice />}
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

/** The public banner with the values being typed, or why the site shows nothing. */
export function AlertPreview({ alert }: { alert: AlertContent }) {
  if (!isAlertShown(alert)) {
    return (
      <p className="alert-panel__off">
        {alert.active
          ? 'L’alerte est activée mais n’a pas de message : elle ne s’affiche pas sur le site.'
          : 'L’alerte est désactivée : elle ne s’affiche pas sur le site.'}
      </p>
    );
  }
  return (
    <div className="alert-panel__preview">
      <AlertBanner alert={alert} onClose={() => {}} />
    </div>
  );
}

const HELP = (
  <div className="alert-panel__help">
    <p>
      <strong>Comment ça marche</strong>
    </p>
    <ul>
      <li>L&apos;alerte s&apos;affiche en haut de toutes les pages du site.</li>
      <li>Les modifications sont enregistrées automatiquement.</li>
      <li>
        Sans l&apos;option « Alerte permanente », elle disparaît après 10 secondes ; le visiteur
        peut aussi la fermer.
      </li>
    </ul>
  </div>
);

/** The form gives an emptied message as missing; the banner and the site read it as empty. */
const complete = (alert: AlertContent): AlertContent => ({
  ...alert,
  message: alert.message ?? '',
});

/**
 * The generic editor of the `alert` schema, saving on its own and showing the banner live; like
 * the section editors, it says who else has it open and offers their saves
 * (docs/decisions/052-live-back-office.md).
 */
export function AlertEditor({ initial }: { initial: AlertContent }) {
  const queryClient = useQueryClient();
  const client = useSupabase();
  const { mutateAsync } = useSaveContentMutation();
  const { schema, uiSchema } = FORMS.alert as unknown as { schema: RJSFSchema; uiSchema: UiSchema };
  const validate = validatorFor('alert');
  const validator = useMemo(() => createContentValidator(schema, validate), [schema, validate]);
  const save = useCallback(
    async (content: AlertContent) => {
      await mutateAsync({ type: 'alert', content });
    },
    [mutateAsync],
  );
  // « Recharger la version enregistrée », after another administrator saved the alert.
  const reload = useCallback(
    async () => parseContent('alert', (await fetchStoredContent(client, 'alert'))?.content),
    [client],
  );
  // An edit applies at once to the shared alert state (the site's content in this tab),
  // and is saved.
  const share = useCallback(
    (alert: AlertContent) =>
      queryClient.setQueryData<SiteContent>(contentKeys.all, (current) =>
        current ? { ...current, alert: complete(alert) } : current,
      ),
    [queryClient],
  );

  return (
    <div className="alert-panel">
      <ContentEditor<AlertContent>
        schema={schema}
        uiSchema={uiSchema}
        validator={validator}
        initialData={initial}
        onSave={save}
        onEdit={share}
        autosave
        draftKey="content:alert"
        roomKey="content:alert"
        onReload={reload}
        intro={HELP}
        renderPreview={(alert) => <AlertPreview alert={complete(alert)} />}
      />
    </div>
  );
}
