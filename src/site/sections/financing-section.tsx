import { useSiteContent } from '../../content/api.ts';
import { isStillExample } from '../../content/example-value.ts';
import type { FinancingContent } from '../../content/generated/types.ts';
import { SECTION_TYPES } from '../../content/section-types.ts';
import { CreditWarning, lenderName } from '../credit/credit-advertising.tsx';
import { SectionFrame } from './section-frame.tsx';

/**
 * The three financing solutions, one card each, and the partner's simulator for each: its
 * address is part of the garage's identity. The example address shipped with the site leads
 * nowhere: no simulator link until the owner enters the real one. Offering credit is credit
 * advertising: the lender is named and the credit warning shown
 * (docs/decisions/062-credit-advertising-on-the-page.md).
 */
export function FinancingSection({ content }: { content: FinancingContent }) {
  const { identity } = useSiteContent().content;
  const simulatorUrl = isStillExample('identity', identity, 'financingSimulatorUrl')
    ? undefined
    : identity.financingSimulatorUrl;
  return (
    <SectionFrame anchor={SECTION_TYPES.financing.anchor} title={content.title}>
      <p>{content.description}</p>
      <ul className="cards">
        {content.options.map((option, index) => (
          <li key={index} className="card card--action">
            <h3>{option.title}</h3>
            <p>{option.description}</p>
            {simulatorUrl && (
              <p className="card__action">
                <a href={simulatorUrl} target="_blank" rel="noopener noreferrer">
                  Simuler mon financement
                  <span className="visually-hidden">
                    {' '}
                    ({option.title}, chez notre partenaire, nouvel onglet)
                  </span>
                </a>
              </p>
            )}
          </li>
        ))}
      </ul>
      <p>Organisme de financement : {lenderName(identity)}.</p>
      <CreditWarning />
      {simulatorUrl && (
        <p>
          <a className="button" href={simulatorUrl} target="_blank" rel="noopener noreferrer">
            Ouvrir le simulateur de notre partenaire
            <span className="visually-hidden"> (nouvel onglet)</span>
          </a>
        </p>
      )}
    </SectionFrame>
  );
}
