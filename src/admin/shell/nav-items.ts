import { EDITABLE_SECTION_TYPES, sectionEditor } from '../../content/section-types.ts';

export interface AdminNavItem {
  /** Path under /admin ('' for /admin itself). */
  path: string;
  /** The side navigation's label (docs/product.md#routes-and-navigation). */
  label: string;
  /** The page's h1: the panel's own title where it has one. */
  title: string;
  /** A count shown beside the label. */
  badge?: 'new-requests';
}

export interface AdminNavGroup {
  label: string;
  items: AdminNavItem[];
}

/** The two groups of the side navigation; routes follow docs/decisions/010-admin-routes.md. */
export const ADMIN_NAV: AdminNavGroup[] = [
  {
    label: "Sections Page d'Accueil",
    items: [
      { path: '', label: 'Gestion des sections', title: 'Gérer les Sections' },
      // One link per section editor, from the schemas (a new section type needs no edit here).
      ...EDITABLE_SECTION_TYPES.map(sectionEditor).map(({ path, title }) => ({
        path,
        label: title,
        title,
      })),
    ],
  },
  {
    label: 'Autres Pages',
    items: [
      { path: 'mon-garage', label: 'Mon garage', title: 'Mon garage' },
      { path: 'demandes', label: 'Demandes', title: 'Demandes', badge: 'new-requests' },
      { path: 'agenda', label: 'Agenda', title: 'Agenda' },
      { path: 'appointments', label: 'Rendez-vous', title: 'Rendez-vous' },
      { path: 'modeles-reponse', label: 'Modèles de réponse', title: 'Modèles de réponse' },
      { path: 'blog', label: 'Gestion du Blog', title: 'Gestion du Blog' },
      { path: 'medias', label: 'Médiathèque', title: 'Médiathèque' },
      { path: 'stats', label: 'Statistiques', title: 'Statistiques de Visites' },
      { path: 'modal', label: 'Pop-up', title: 'Pop-up' },
      { path: 'alert', label: "Gérer l'Alerte", title: "Gérer l'Alerte" },
      { path: 'identity', label: 'Identité du garage', title: 'Identité du garage' },
      { path: 'theme', label: 'Couleurs et police', title: 'Couleurs et police' },
      { path: 'legal', label: 'Pages légales', title: 'Pages légales' },
      { path: 'compte', label: 'Mon compte', title: 'Mon compte' },
    ],
  },
];

export const ADMIN_PAGES: AdminNavItem[] = ADMIN_NAV.flatMap((group) => group.items);

export function adminHref(item: AdminNavItem): string {
  return item.path ? `/admin/${item.path}` : '/admin';
}
