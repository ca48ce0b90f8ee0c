/** Spec §2: the French anchors of the home sections, keyed by section id. */
const ANCHORS: Record<string, string> = {
  hero: 'hero',
  services: 'services',
  about: 'propos',
  hours: 'horaires',
  pricing: 'honoraires',
  'payment-calculator': 'payment-calculator',
  vehicles: 'vehicles',
  financing: 'financement',
  blog: 'blog',
  contact: 'contact',
};

/** A section of unknown id (added by the owner) keeps its own id as its anchor. */
export function sectionAnchor(id: string): string {
  return ANCHORS[id] ?? id;
}
