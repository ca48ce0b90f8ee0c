import type { ModalContent } from '../../content/generated/types.ts';
import { useSupabase } from '../client/client-context.tsx';
import { PopupCard } from '../../site/modal/popup-card.tsx';
import { isPopupShown } from '../../site/modal/site-popup.tsx';
import { ConfigMissingNotice } from '../ui/config-missing-notice.tsx';
import { StoredContentEditor } from '../content/content-panel.tsx';
import './modal-page.css';
import { AdminTitle } from '../shell/new-requests.tsx';

const TITLE = 'Pop-up';

/** The pop-up (/admin/modal): shown or not, its title and message. */
export function ModalPage() {
  const configured = useSupabase() !== null;
  return (
    <>
      <AdminTitle>{TITLE}</AdminTitle>
      <h1>{TITLE}</h1>
      <p className="modal-panel__intro">
        La pop-up s&apos;ouvre sur la page d&apos;accueil quand elle est activée et qu&apos;elle a
        un message. Un visiteur qui la ferme ne la revoit plus, tant que son titre et son message ne
        changent pas.
      </p>
      {configured ? <ModalEditor /> : <ConfigMissingNotice />}
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

/** The generic editor of the `modal` schema, whose saves carry the version they are based on. */
function ModalEditor() {
  return (
    <StoredContentEditor type="modal" renderPreview={(data) => <PopupPreview popup={data} />} />
  );
}
