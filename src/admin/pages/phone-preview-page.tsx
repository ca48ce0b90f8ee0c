import { useState, type ComponentType } from 'react';
import { useParams } from 'react-router-dom';
import { validatorFor } from '../../content/content.ts';
import type { ContentByType } from '../../content/generated/types.ts';
import {
  EDITABLE_SECTION_TYPES,
  SECTION_TYPES,
  type EditableSectionType,
} from '../../content/section-types.ts';
import { useSupabase } from '../client/client-context.tsx';
import { SECTION_COMPONENTS } from '../../site/sections/registry.ts';
import { useVersionedContent } from '../content/stored-content-fallback.tsx';
import { previewData } from '../editor/preview-data.ts';
import { useBroadcast } from '../realtime/use-broadcast.ts';
import { previewTopic } from '../realtime/topics.ts';
import { AdminNotFoundPage } from './admin-not-found-page.tsx';
import '../styles/editor.css';

/**
 * « Aperçu sur téléphone » (/admin/apercu/<type>): the public section as a phone shows it, with
 * what is being typed in the section's editor on another screen (a private broadcast, for
 * administrators). Before the first change it shows the stored content.
 */
export function PhonePreviewPage() {
  const { type } = useParams();
  const known = EDITABLE_SECTION_TYPES.find((t) => t === type);
  if (!known) return <AdminNotFoundPage />;
  return <PhonePreview key={known} type={known} />;
}

function PhonePreview<T extends EditableSectionType>({ type }: { type: T }) {
  const client = useSupabase();
  const loaded = useVersionedContent();
  const [typed, setTyped] = useState<unknown>(undefined);
  useBroadcast<{ data: unknown }>(client, previewTopic(`content:${type}`), 'preview', (message) =>
    setTyped(message.data),
  );
  const Section = SECTION_COMPONENTS[type] as ComponentType<{
    title: string;
    content: ContentByType[T];
  }>;
  if (!loaded.ready) return loaded.fallback;
  const stored = loaded.content[type] as ContentByType[T];
  const content = typed === undefined ? stored : previewData(validatorFor(type), typed, stored);
  return (
    <>
      <title>{`Aperçu : ${SECTION_TYPES[type].title} – Administration`}</title>
      <p className="phone-preview__note" role="status">
        {typed === undefined
          ? 'Aperçu de la version enregistrée : il suivra ce que vous tapez dans l’éditeur.'
          : 'Aperçu de ce que vous tapez dans l’éditeur (pas encore enregistré).'}
      </p>
      <div className="phone-preview" inert>
        <Section title={SECTION_TYPES[type].title} content={content} />
      </div>
    </>
  );
}
