import type { FinancingContent } from '../../content/generated/types.ts';
import { SectionFrame } from './section-frame.tsx';

/** The three financing solutions, one card each. Issue 4 adds the partner simulator links. */
export function FinancingSection({ content }: { content: FinancingContent }) {
  return (
    <SectionFrame anchor="financement" title={content.title}>
      <p>{content.description}</p>
      <ul className="cards">
        {content.options.map((option, index) => (
          <li key={index} className="card">
            <h3>{option.title}</h3>
            <p>{option.description}</p>
          </li>
        ))}
      </ul>
    </SectionFrame>
  );
}
