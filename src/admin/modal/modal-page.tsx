import { useMemo } from 'react';
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import { validatorFor } from '../../content/content.ts';
import { FORMS } from '../../content/generated/forms.ts';
import type { ModalContent } from '../../content/generated/types.ts';
import { isSupabaseConfigured } from '../../lib/supabase.ts';
import { PopupCard } from '../../site/modal/popup-card.tsx';
import { isPopupShown } from '../../site/modal/site-popup.tsx';
import { ConfigMissingNotice } from '../config-missing-notice.tsx';
import { useSaveContentMutation } from '../content/save-content.ts';
import { useStoredContent } from '../content/use-stored-content.ts';
import { ContentEditor } from '../editor/content-editor.tsx';
import { createContentValidator } from '../editor/content-validator.ts';
import { previewData } from '../editor/preview-data.ts';
import './modal-page.css';
import { storedContentFallback } from '../content/stored-content-fallback.tsx';

const TITLE = 'Pop-up';

/** The pop-up (/admin/modal): shown or not, its title and message. */
export function ModalPage() {
  return (
    <>
      <title>{`${TITLE} – Administration`}</title>
      <h1>{TITLE}</h1>
      <p className="modal-panel__intro">
        La pop-up s&apos;ouvre sur la page d&apos;accueil quand elle est activée et qu&apos;elle a
        un message. Un visiteur qui la ferme ne la revoit plus, tant que son titre et son message ne
        changent pas.
      </p>
      {isSupabaseConfigured ? <ModalEditor /> : <ConfigMissingNotice />}
    </>
  );
}

/** The public pop-up's card with the values being typed, or why the site shows nothing. */
export function PopupPreview({ popup }: { popup: ModalContent }) {
  if (!isPopupShown(popup)) {
    return (
      <p className="editor__preview-error">
        {popup.active
          ? 'La pop-up est activée mais n’a pas de message : elle ne s’affiche pas sur le site.'
          : 'La pop-up est désactivée : elle ne s’affiche pas sur le site.'}
      </p>
    );
  }
  return (
    <div className="modal-panel__stage">
      <PopupCard popup={popup} onClose={() => {}} />
    </div>
  );
}

function ModalEditor() {
  const load = useStoredContent();
  const { content } = load;
  const save = useSaveContentMutation();
  const { schema, uiSchema } = FORMS.modal as unknown as { schema: RJSFSchema; uiSchema: UiSchema };
  const validate = validatorFor('modal');
  const validator = useMemo(() => createContentValidator(schema, validate), [schema, validate]);

  const fallback = storedContentFallback(load);
  if (fallback) return fallback;
  const stored = content.modal;
  return (
    <ContentEditor<ModalContent>
      schema={schema}
      uiSchema={uiSchema}
      validator={validator}
      initialData={stored}
      draftKey="content:modal"
      onSave={async (data) => {
        await save.mutateAsync({ type: 'modal', content: data });
      }}
      renderPreview={(data) => <PopupPreview popup={previewData(validate, data, stored)} />}
    />
  );
}
