import type { ReactNode } from 'react';

interface SectionFrameProps {
  /** The section's anchor on the home page, also the base of its heading's id. */
  anchor: string;
  title: string;
  className?: string;
  children: ReactNode;
}

/** The frame every home section shares: its anchor, its h2 and the content column. */
export function SectionFrame({ anchor, title, className, children }: SectionFrameProps) {
  return (
    <section
      id={anchor}
      className={className ? `home-section ${className}` : 'home-section'}
      aria-labelledby={`${anchor}-title`}
      // The menu moves keyboard focus to the section it scrolled to.
      tabIndex={-1}
    >
      <div className="container">
        <h2 id={`${anchor}-title`}>{title}</h2>
        {children}
      </div>
    </section>
  );
}
