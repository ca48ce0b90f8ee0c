import type { PricingContent } from '../../content/generated/types.ts';

/**
 * What the law asks to say with the labour rates (docs/legal.md#labour-prices): the rates tax
 * included and how the time charged is counted (arrêté of 27 March 1987), and the customer's
 * right to choose parts from the circular economy (code de la consommation L224-67). Shown beside
 * the rates and in the legal notice, from the one pricing content.
 */

export type Billing = NonNullable<PricingContent['billing']>;

export const BILLING_TEXT: Record<Billing, string> = {
  'time-spent':
    "La main-d'œuvre est facturée au temps réellement passé, au taux horaire TTC de la prestation.",
  'manufacturer-scale':
    "La main-d'œuvre est facturée selon le barème de temps du constructeur, au taux horaire TTC de la prestation ; ce barème peut être consulté à l'accueil.",
  'scale-or-time-spent':
    "La main-d'œuvre est facturée selon le barème de temps du constructeur quand il en existe un, sinon au temps réellement passé, au taux horaire TTC de la prestation ; le barème peut être consulté à l'accueil.",
};

export const RATES_CAPTION = "Taux horaires de main-d'œuvre, toutes taxes comprises (TTC)";

export const CIRCULAR_ECONOMY_TEXT =
  "Pour certaines pièces (carrosserie amovible, garnissage intérieur et sellerie, vitrage non collé, optique et éclairage, pièces mécaniques ou électroniques), vous pouvez choisir des pièces issues de l'économie circulaire à la place de pièces neuves. Demandez-le au moment du devis. Nous pouvons ne pas en proposer quand la prestation est gratuite ou sous garantie, quand la pièce n'est pas disponible dans le délai de la réparation, ou quand elle présenterait un risque pour l'environnement, la santé ou la sécurité routière.";

export function labourRates(pricing: PricingContent): [string, string][] {
  return [
    ['T1', pricing.t1],
    ['T2', pricing.t2],
    ['T3', pricing.t3],
  ];
}

/** The rates with their caption: TTC is said once, above them, so each rate reads as typed. */
export function LabourRates({ pricing }: { pricing: PricingContent }) {
  return (
    <>
      <p className="rates-caption">{RATES_CAPTION}</p>
      <dl className="info-list info-list--rates">
        {labourRates(pricing).map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </>
  );
}

/**
 * How work is charged, then the circular-economy notice. Until the owner states the billing
 * method, nothing is said about it rather than a guess (the back-office's checklist asks for it:
 * the field is `x-legal`).
 */
export function LabourTerms({ pricing }: { pricing: PricingContent }) {
  return (
    <>
      {pricing.billing && <p className="labour-billing">{BILLING_TEXT[pricing.billing]}</p>}
      <p className="circular-economy">{CIRCULAR_ECONOMY_TEXT}</p>
    </>
  );
}

/** The legal notice's paragraph on labour prices and circular-economy parts. */
export function LabourPricesNotice({ pricing }: { pricing: PricingContent }) {
  return (
    <section className="labour-prices-notice" aria-labelledby="labour-prices-notice-title">
      <h2 id="labour-prices-notice-title">Prix de la main-d&apos;œuvre et pièces de réemploi</h2>
      <LabourRates pricing={pricing} />
      <LabourTerms pricing={pricing} />
    </section>
  );
}
