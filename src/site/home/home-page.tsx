import { DEFAULT_CONTENT } from '../../content/defaults.ts';
import { SiteFooter } from '../layout/site-footer.tsx';
import { SiteHeader } from '../layout/site-header.tsx';
import { SkipLink } from '../layout/skip-link.tsx';
import { SITE_NAME } from '../site-name.ts';
import { HeroSection } from './hero-section.tsx';
import { SectionBody } from './section-body.tsx';
import { sectionAnchor } from './section-anchors.ts';
import { visibleSections } from './visible-sections.ts';

/** The home page: the visible sections in order, each under its spec anchor. */
export function HomePage() {
  const sections = visibleSections(DEFAULT_CONTENT.sections);
  const links = sections.map((s) => ({ anchor: sectionAnchor(s.id), title: s.title }));

  return (
    <>
      <SkipLink />
      <SiteHeader links={links} />
      <main id="contenu" tabIndex={-1} className="home">
        {/* The hero holds the page's h1; when the owner hides it, the page still needs one. */}
        {!sections.some((s) => s.type === 'hero') && (
          <h1 className="visually-hidden">{SITE_NAME}</h1>
        )}
        {sections.map((section) => {
          const anchor = sectionAnchor(section.id);
          if (section.type === 'hero') return <HeroSection key={section.id} anchor={anchor} />;
          return (
            <section
              key={section.id}
              id={anchor}
              className="home-section"
              aria-labelledby={`${anchor}-title`}
            >
              <div className="container">
                <h2 id={`${anchor}-title`}>{section.title}</h2>
                <SectionBody id={section.id} />
              </div>
            </section>
          );
        })}
      </main>
      <SiteFooter />
    </>
  );
}
