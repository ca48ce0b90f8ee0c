import { PAYMENT_CALCULATOR_ID } from '../sections/payment-calculator-section.tsx';
import { isEditableSectionType, SECTION_REGISTRY } from '../sections/registry.ts';

/**
 * A registered section has its French anchor (about → propos), the calculator keeps its
 * id, and a section of unknown id (added by the owner) keeps its own id.
 */
export function sectionAnchor(id: string): string {
  if (isEditableSectionType(id)) return SECTION_REGISTRY[id].anchor;
  return id === PAYMENT_CALCULATOR_ID ? PAYMENT_CALCULATOR_ID : id;
}
