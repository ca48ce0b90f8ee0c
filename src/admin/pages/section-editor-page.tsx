import type { ComponentType } from 'react';
import { Link } from 'react-router-dom';
import type { ContentByType } from '../../content/generated/types.ts';
import {
  SECTION_TYPES,
  sectionEditor,
  type EditableSectionType,
} from '../../content/section-types.ts';
import { SECTION_COMPONENTS } from '../../site/sections/registry.ts';
import { ContentPanel } from '../content/content-panel.tsx';

/**
 * The editor of one home section, entirely from its declarations: the generic content panel, with
 * the section's public component as its preview (SECTION_COMPONENTS). No section has code of its
 * own here.
 */
export function SectionEditorPage<T extends EditableSectionType>({ type }: { type: T }) {
  const Preview = SECTION_COMPONENTS[type] as ComponentType<{
    title: string;
    content: ContentByType[T];
  }>;
  return (
    <ContentPanel
      type={type}
      title={sectionEditor(type).title}
      intro={
        <Link to={`/admin/apercu/${type}`} target="_blank">
          Voir l'aperçu sur un téléphone
        </Link>
      }
      renderPreview={(data) => <Preview title={SECTION_TYPES[type].title} content={data} />}
    />
  );
}
