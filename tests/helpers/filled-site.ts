import { FIELD_RULES } from '../../src/content/generated/completeness.ts';
import { DEFAULT_CONTENT } from '../../src/content/generated/defaults.ts';
import type { ContentByType } from '../../src/content/generated/types.ts';

/**
 * A site whose owner has filled everything « À compléter » asks for: the legal items of the
 * identity, real partner addresses and their own photos. Tests check first that the checklist
 * finds nothing in it, so that a newly declared field shows up here.
 */
const SLIDESHOW = 'https://annonces.mon-partenaire-auto.fr/martin';

export const FILLED_SITE = {
  identity: {
    ...DEFAULT_CONTENT.identity,
    name: 'Garage Martin',
    legalForm: 'SARL',
    shareCapital: '8 000 €',
    registration: 'RCS Lyon 812 345 678',
    siret: '812 345 678 00019',
    vatNumber: 'FR 40 812345678',
    director: 'Paul Martin',
    phone: '04 78 12 34 56',
    email: 'atelier@garage-martin.fr',
    financingSimulatorUrl: 'https://simulateur.cofinauto.fr/garage-martin',
    vehiclesSlideshowUrl: SLIDESHOW,
    host: { name: 'OVH SAS', address: '2 rue Kellermann, 59100 Roubaix', phone: '1007' },
  },
  hero: { ...DEFAULT_CONTENT.hero, backgroundImage: '/storage/v1/object/public/media/atelier.jpg' },
  services: {
    ...DEFAULT_CONTENT.services,
    imageUrl: '/storage/v1/object/public/media/pont.jpg',
    carouselImages: DEFAULT_CONTENT.services.carouselImages.map((slide, index) => ({
      ...slide,
      image: `/storage/v1/object/public/media/atelier-${index + 1}.jpg`,
    })),
  },
  pricing: { ...DEFAULT_CONTENT.pricing, billing: 'manufacturer-scale' },
  // The vehicles record follows the identity's address (the database derives it).
  vehicles: { ...DEFAULT_CONTENT.vehicles, iframeUrl: SLIDESHOW },
} satisfies Partial<ContentByType>;

/**
 * The part of FILLED_SITE that fills every item the law asks for: the types whose schemas declare
 * a legal field (derived from the generated rules), with the owner's values.
 */
export const FILLED_LEGAL_ITEMS: Partial<ContentByType> = Object.fromEntries(
  Object.entries(FILLED_SITE).filter(([type]) => FIELD_RULES[type]?.some((rule) => rule.legal)),
);
