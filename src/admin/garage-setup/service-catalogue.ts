/**
 * The common work of a garage, offered as boxes to tick in « Mon garage ». Each picked service is
 * one line of the services content's list, « Nom : description » as the section has always shown
 * them, so the public section and the services editor are unchanged
 * (docs/decisions/072-mon-garage.md).
 */
export interface CatalogueService {
  name: string;
  /** A first description the owner may rewrite. */
  description: string;
}

export const SERVICE_CATALOGUE: readonly CatalogueService[] = [
  {
    name: 'Entretien et vidange',
    description: 'révision selon le carnet constructeur, filtres et niveaux',
  },
  {
    name: 'Freinage',
    description: 'plaquettes, disques et liquide de frein contrôlés et remplacés',
  },
  {
    name: 'Pneumatiques',
    description: 'montage, équilibrage, géométrie et stockage saisonnier',
  },
  {
    name: 'Diagnostic électronique',
    description: 'lecture des défauts et des voyants, toutes marques',
  },
  { name: 'Climatisation', description: 'recharge, désinfection et recherche de fuites' },
  { name: 'Distribution', description: 'courroie ou chaîne, galets et pompe à eau' },
  { name: 'Embrayage', description: 'kit d’embrayage, volant moteur et butée' },
  { name: 'Échappement', description: 'silencieux, catalyseur et filtre à particules' },
  { name: 'Géométrie', description: 'parallélisme et réglage des trains roulants' },
  { name: 'Batterie', description: 'test de charge et remplacement' },
  { name: 'Amortisseurs', description: 'contrôle et remplacement des amortisseurs et coupelles' },
  { name: 'Carrosserie', description: 'petits chocs, rayures et remplacement de pièces' },
];

/** One line of the list: the catalogue's service it names, or a line of the owner's own. */
export type ServiceLine =
  { kind: 'catalogue'; name: string; description: string } | { kind: 'own'; text: string };

const SEPARATOR = ' : ';

const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').trim().toLowerCase();

/** Reads a stored line: « Freinage : plaquettes… » is the catalogue's Freinage. */
export function readLine(line: string): ServiceLine {
  const at = line.indexOf(':');
  const name = fold(at < 0 ? line : line.slice(0, at));
  const known = SERVICE_CATALOGUE.find((service) => fold(service.name) === name);
  if (!known) return { kind: 'own', text: line };
  return {
    kind: 'catalogue',
    name: known.name,
    description: at < 0 ? '' : line.slice(at + 1).trim(),
  };
}

/** Writes a picked service as a line: its name alone when its description is blank. */
export function writeLine(name: string, description: string): string {
  const text = description.trim();
  return text ? `${name}${SEPARATOR}${text}` : name;
}
