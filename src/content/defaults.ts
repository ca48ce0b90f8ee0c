/**
 * The spec's default content (§3, §9), used to seed an empty database and as the fallback of any
 * missing or invalid row. Issue 3 replaces this hand-written file with one generated from schemas/.
 */

export const HERO_IMAGES = [
  '/images/hero-atelier.svg',
  '/images/hero-pont.svg',
  '/images/hero-moteur.svg',
  '/images/hero-route.svg',
] as const;

export const SERVICE_IMAGES = [
  '/images/service-entretien.svg',
  '/images/service-freins.svg',
  '/images/service-diagnostic.svg',
  '/images/service-pneus.svg',
] as const;

export const DEFAULT_CONTENT = {
  modal: { active: false, title: '', message: '' },
  alert: { active: false, message: '', type: 'info', permanent: false },
  pricing: { title: 'Nos tarifs horaires', t1: 'T1 : 55€/h', t2: 'T2 : 65€/h', t3: 'T3 : 75€/h' },
  hero: {
    heading: 'Votre garage indépendant',
    subheading: 'Entretien, réparation et diagnostic toutes marques',
    description:
      'Un atelier de proximité, des devis clairs et un travail soigné pour que votre véhicule roule en toute sécurité.',
    backgroundImage: HERO_IMAGES[0],
  },
  services: {
    title: 'Nos services',
    description: 'Nous prenons soin de votre véhicule, quelle que soit sa marque.',
    servicesList: [
      'Entretien et vidange',
      'Freinage',
      'Diagnostic électronique',
      'Pneumatiques',
      'Climatisation',
    ],
    imageUrl: SERVICE_IMAGES[0],
    carouselImages: [
      { image: SERVICE_IMAGES[0], alt: "Mécanicien effectuant l'entretien d'un moteur" },
      { image: SERVICE_IMAGES[1], alt: 'Contrôle des disques et plaquettes de frein' },
      { image: SERVICE_IMAGES[2], alt: 'Diagnostic électronique sur valise' },
    ],
  },
  hours: {
    weekdays: 'Du lundi au vendredi : 9h00 - 13h00 et 14h00 - 18h00',
    saturday: 'Samedi : fermé',
    sunday: 'Dimanche : fermé',
    holidays: 'Jours fériés : fermé',
  },
  about: {
    title: 'À propos',
    content:
      "Garage indépendant, nous entretenons et réparons les véhicules de toutes marques avec le même soin qu'en concession, à des tarifs justes.",
  },
  contact: {
    address: '1 rue de la République, 69001 Lyon',
    email: 'contact@garage-exemple.fr',
    phone: '04 00 00 00 00',
    mapUrl:
      'https://www.openstreetmap.org/export/embed.html?bbox=4.82%2C45.76%2C4.84%2C45.77&layer=mapnik',
  },
  vehicles: {
    title: "Véhicules d'occasion et neufs",
    description: 'Découvrez les véhicules disponibles dans notre garage.',
    warning: 'Les annonces sont fournies par notre partenaire et peuvent évoluer sans préavis.',
    iframeUrl: 'https://diaporama.partenaire-vehicules.fr/garage',
  },
  financing: {
    title: 'Financement',
    description: 'Plusieurs solutions pour financer votre véhicule.',
    options: [
      {
        title: 'Crédit classique',
        description: 'Devenez propriétaire de votre véhicule en remboursant par mensualités.',
      },
      {
        title: 'LOA',
        description: "Location avec option d'achat : louez, puis achetez si vous le souhaitez.",
      },
      {
        title: 'LLD',
        description: 'Location longue durée : un loyer fixe, entretien compris selon la formule.',
      },
    ],
  },
  blog: { title: 'Nos derniers articles', description: 'Conseils et actualités de votre garage.' },
  sections: [
    { id: 'hero', title: 'Accueil', order: 0, visible: true, type: 'hero' },
    { id: 'services', title: 'Services', order: 1, visible: true, type: 'services' },
    { id: 'about', title: 'À propos', order: 2, visible: true, type: 'text' },
    { id: 'hours', title: 'Horaires', order: 3, visible: true, type: 'hours' },
    { id: 'pricing', title: 'Tarifs', order: 4, visible: true, type: 'text' },
    {
      id: 'payment-calculator',
      title: 'Paiement en plusieurs fois',
      order: 5,
      visible: true,
      type: 'payment-calculator',
    },
    { id: 'vehicles', title: 'Véhicules', order: 6, visible: true, type: 'vehicles' },
    { id: 'financing', title: 'Financement', order: 7, visible: true, type: 'financing' },
    { id: 'blog', title: 'Blog', order: 8, visible: true, type: 'blog' },
    { id: 'contact', title: 'Contact', order: 9, visible: true, type: 'contact' },
  ],
} as const;

export type ContentType = keyof typeof DEFAULT_CONTENT;
export const CONTENT_TYPES = Object.keys(DEFAULT_CONTENT) as ContentType[];
