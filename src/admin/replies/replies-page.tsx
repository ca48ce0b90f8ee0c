import type { RepliesContent } from '../../content/generated/types.ts';
import type { SiteContent } from '../../content/content.ts';
import { useSupabase } from '../client/client-context.tsx';
import { ConfigMissingNotice } from '../ui/config-missing-notice.tsx';
import { StoredContentEditor } from '../content/content-panel.tsx';
import { AdminTitle } from '../shell/new-requests.tsx';
import { fillReply, markerText, REPLY_MARKERS, type ReplyContext } from './reply-markers.ts';
import './replies.css';

/** What each marker becomes, in the owner's words. */
const MARKER_MEANINGS: Record<string, string> = {
  'nom du client': 'le nom donné dans la demande',
  véhicule: 'la marque, le modèle et l’année',
  prestation: 'le besoin choisi dans la demande',
  'date du rendez-vous': 'le jour et le moment du rendez-vous confirmé',
  'nom du garage': 'le nom de l’identité du garage',
  'téléphone du garage': 'le téléphone de l’identité du garage',
};

/** An example request, so the preview reads like the mail a customer receives. */
function exampleContext(content: SiteContent): ReplyContext {
  return {
    request: {
      name: 'Camille Martin',
      vehicle_make: 'Peugeot',
      vehicle_model: '208',
      vehicle_year: 2017,
      service: content.services.servicesList[0] ?? 'Entretien',
      appointment_date: '2026-12-01',
      appointment_moment: 'matin',
    },
    garage: { name: content.identity.name, phone: content.identity.phone },
  };
}

function RepliesPreview({ replies, content }: { replies: RepliesContent; content: SiteContent }) {
  const context = exampleContext(content);
  return (
    <div className="replies-preview">
      <p className="replies-preview__note">Exemple pour une demande de Camille Martin :</p>
      {replies.templates.map((template, index) => (
        <article key={index} className="replies-preview__mail">
          <h3>{fillReply(template.subject, context).text}</h3>
          <p className="replies-preview__body">{fillReply(template.body, context).text}</p>
        </article>
      ))}
    </div>
  );
}

/** The markers and what they become, beside the editor. */
function MarkerLegend() {
  return (
    <aside className="marker-legend" aria-labelledby="marker-legend-title">
      <h2 id="marker-legend-title">Marqueurs</h2>
      <p>
        Écrivez-les entre crochets, ou insérez-les avec les boutons sous chaque texte : ils sont
        remplacés au moment de répondre.
      </p>
      <dl>
        {REPLY_MARKERS.map((marker) => (
          <div key={marker}>
            <dt>{markerText(marker)}</dt>
            <dd>{MARKER_MEANINGS[marker] ?? ''}</dd>
          </div>
        ))}
      </dl>
    </aside>
  );
}

/** « Modèles de réponse » (/admin/modeles-reponse): the replies the owner sends from a request. */
export function RepliesPage() {
  const configured = useSupabase() !== null;
  const title = 'Modèles de réponse';
  return (
    <>
      <AdminTitle>{title}</AdminTitle>
      <h1>{title}</h1>
      <p className="content-panel__intro">
        Les réponses toutes prêtes que vous envoyez depuis une demande, avec le bouton « Répondre ».
        Vous relisez et modifiez toujours le texte avant l’envoi.
      </p>
      {configured ? (
        <>
          <MarkerLegend />
          <StoredContentEditor
            type="replies"
            renderPreview={(replies, content) => (
              <RepliesPreview replies={replies} content={content} />
            )}
          />
        </>
      ) : (
        <ConfigMissingNotice />
      )}
    </>
  );
}
