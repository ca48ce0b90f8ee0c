import type { ComponentProps, ComponentType } from 'react';
import { useSiteContent } from '../../content/api.ts';
import type { SiteContent } from '../../content/content.ts';
import { preloadable } from '../../lib/preloadable.ts';
import { SiteAlert } from '../alert/site-alert.tsx';
import { ClosureNotice } from '../hours/closure-notice.tsx';
import { SiteFooter } from '../layout/site-footer.tsx';
import { SiteHeader } from '../layout/site-header.tsx';
import { SkipLink } from '../layout/skip-link.tsx';
import { SitePopup } from '../modal/site-popup.tsx';
import { isEditableSectionType, type SectionType } from '../../content/section-types.ts';
import { SECTION_COMPONENTS } from '../sections/registry.ts';
import { usePageHead } from '../seo/use-page-head.ts';
import { useRecordHomeVisit } from '../visits/record-visit.ts';
import { homeBlocks, type HomeBlock } from './home-sections.ts';

// A section of the owner's own HTML is rare: its code comes only to a home page that has one. A
// server awaits it before rendering such a page (preloadGenericSections); a hydrating browser
// keeps the server's HTML until it is there.
const genericSections = preloadable(() => import('../sections/generic-section.tsx'));

export const preloadGenericSections = genericSections.preload;

function GenericBlock(
  props: ComponentProps<typeof import('../sections/generic-section.tsx').GenericSection>,
) {
  const { GenericSection } = genericSections.useModule();
  return <GenericSection {...props} />;
}

/** A section of a declared type: its public component, fed with its stored (validated) content. */
function RegisteredSection({
  type,
  title,
  content,
}: {
  type: SectionType;
  title: string;
  content: SiteContent;
}) {
  // The registry pairs each type with the component of its own content.
  const Component = SECTION_COMPONENTS[type] as ComponentType<{ title: string; content?: unknown }>;
  return (
    <Component title={title} content={isEditableSectionType(type) ? content[type] : undefined} />
  );
}

function HomeBlockView({ block, content }: { block: HomeBlock; content: SiteContent }) {
  switch (block.kind) {
    case 'registered':
      return <RegisteredSection type={block.type} title={block.title} content={content} />;
    case 'generic':
      return <GenericBlock section={block.section} anchor={block.anchor} />;
  }
}

/**
 * The home page: the closure notice and the alert in the fixed header, the visible sections in order under their spec
 * anchors, the footer and the pop-up. Each load records a visit (at most one per 6 hours).
 */
export function HomePage() {
  const { content } = useSiteContent();
  useRecordHomeVisit();
  usePageHead({ page: 'home', content });
  const blocks = homeBlocks(content.sections);
  const links = blocks.map(({ anchor, title }) => ({ anchor, title }));

  return (
    <>
      <SkipLink />
      <SiteHeader links={links}>
        <ClosureNotice />
        <SiteAlert />
      </SiteHeader>
      <main id="contenu" tabIndex={-1} className="home">
        {/* The hero holds the page's h1; when the owner hides it, the page still needs one. */}
        {!blocks.some((b) => b.kind === 'registered' && b.type === 'hero') && (
          <h1 className="visually-hidden">{content.identity.name}</h1>
        )}
        {blocks.map((block) => (
          <HomeBlockView key={block.id} block={block} content={content} />
        ))}
      </main>
      <SiteFooter />
      <SitePopup />
    </>
  );
}
