import type { UiSchema } from '@rjsf/utils';
import type { ContentType } from '../../content/generated/types.ts';

/** One content type's part of a step: the fields it shows, and the step's own form hints. */
export interface StepPart {
  type: ContentType;
  /** Top-level fields of the type, in the order shown. */
  fields: readonly string[];
  /** Hints over the type's own (a custom field for this step). */
  uiSchema?: UiSchema;
  /** The part's heading, when the step has several. */
  title?: string;
}

export interface SetupStep {
  /** In the address: /admin/mon-garage?etape=<slug>. */
  slug: string;
  title: string;
  /** What the step is for, in the owner's words. */
  intro: string;
  parts: readonly StepPart[];
  /** Shows the public map of the address under the form. */
  map?: boolean;
}

/**
 * The steps of « Mon garage », in order. Each writes the same declared content as the editors
 * (the identity, hours, pricing, services, hero, theme and vehicles types), through narrowed forms
 * of their schemas (step-form.ts, docs/decisions/072-mon-garage.md).
 */
export const SETUP_STEPS: readonly SetupStep[] = [
  {
    slug: 'entreprise',
    title: 'Votre entreprise',
    intro:
      "Les informations de votre extrait Kbis (ou D1) : la loi demande de les afficher dans les mentions légales du site. L'hébergeur est la société qui héberge le site (votre agence web ou son fournisseur).",
    parts: [
      {
        type: 'identity',
        fields: [
          'name',
          'legalForm',
          'shareCapital',
          'registration',
          'siret',
          'vatNumber',
          'director',
          'host',
        ],
      },
    ],
  },
  {
    slug: 'coordonnees',
    title: 'Adresse et contact',
    intro:
      "Où vous trouver et comment vous joindre : l'adresse, le téléphone et l'e-mail s'affichent sur toutes les pages. La latitude et la longitude, facultatives, placent le garage sur la carte.",
    parts: [
      {
        type: 'identity',
        fields: ['street', 'postalCode', 'city', 'phone', 'email', 'latitude', 'longitude'],
      },
    ],
    map: true,
  },
  {
    slug: 'horaires',
    title: "Horaires d'ouverture",
    intro:
      'Vos horaires de la semaine (deux plages par jour au plus) et vos prochaines fermetures, congés compris. Les jours fériés sont fermés sauf si vous ajoutez une ouverture exceptionnelle dans « Horaires ».',
    parts: [{ type: 'hours', fields: ['week', 'closures'] }],
  },
  {
    slug: 'tarifs',
    title: 'Vos tarifs',
    intro:
      "Le prix d'une heure de main-d'œuvre toutes taxes comprises, pour chaque niveau de difficulté (T1, T2, T3), et la façon dont le temps est compté : la loi demande de l'afficher.",
    parts: [{ type: 'pricing', fields: ['t1', 't2', 't3', 'billing'] }],
  },
  {
    slug: 'services',
    title: 'Vos services',
    intro: 'Ce que fait le garage, tel que vos clients le liront dans la section « Services ».',
    parts: [
      {
        type: 'services',
        fields: ['servicesList'],
        uiSchema: { servicesList: { 'ui:field': 'serviceCatalogue' } },
      },
    ],
  },
  {
    slug: 'photos',
    title: 'Photos',
    intro:
      'Vos vraies photos rendent le site vivant. Depuis un téléphone, « Prendre une photo » ouvre l’appareil photo.',
    parts: [
      {
        type: 'services',
        title: "Photos de l'atelier",
        fields: ['imageUrl', 'carouselImages'],
        uiSchema: { 'ui:field': 'workshopPhotos' },
      },
      {
        type: 'hero',
        title: "Photo du haut de la page d'accueil",
        fields: ['backgroundImage'],
      },
    ],
  },
  {
    slug: 'apparence',
    title: 'Logo et couleurs',
    intro:
      "Votre logo s'affiche dans l'en-tête et devient l'icône du site. Les couleurs habillent l'en-tête, les titres et les boutons : une couleur qui rendrait un texte difficile à lire est refusée.",
    parts: [
      { type: 'identity', title: 'Logo', fields: ['logo'] },
      { type: 'theme', title: 'Couleurs et police', fields: ['primary', 'accent', 'fonts'] },
    ],
  },
  {
    slug: 'partenaires',
    title: 'Financement et véhicules',
    intro:
      "Si vous proposez un paiement en plusieurs fois ou des véhicules d'occasion avec un partenaire, donnez ici les adresses de leurs pages. Sinon, passez cette étape et masquez ces sections dans « Gestion des sections ».",
    parts: [
      // Both addresses belong to the identity (docs/decisions/081-partner-addresses-in-identity.md):
      // one form, so that one save holds them.
      {
        type: 'identity',
        title: 'Vos partenaires',
        fields: ['financingSimulatorUrl', 'lender', 'vehiclesSlideshowUrl'],
      },
    ],
  },
];

export function stepBySlug(slug: string | null): SetupStep | undefined {
  return SETUP_STEPS.find((step) => step.slug === slug);
}
