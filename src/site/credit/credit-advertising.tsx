import type { IdentityContent } from '../../content/generated/types.ts';

/**
 * The warning every consumer-credit advertisement carries (code de la consommation L312-5), word
 * for word: the calculator's plans and the financing section are credit advertising
 * (docs/decisions/062-credit-advertising-on-the-page.md). One constant, so that a change of the
 * required wording is one edit.
 */
export const CREDIT_WARNING =
  'Un crédit vous engage et doit être remboursé. Vérifiez vos capacités de remboursement avant de vous engager.';

/** Who grants the credit: the partner named in the identity, or the garage itself when empty. */
export function lenderName(identity: Pick<IdentityContent, 'lender' | 'name'>): string {
  return identity.lender?.trim() || identity.name.trim();
}

/** The warning, set apart so that it reads as a sentence of its own, as visible as the figures. */
export function CreditWarning() {
  return <p className="credit-warning">{CREDIT_WARNING}</p>;
}
