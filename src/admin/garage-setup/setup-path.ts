/** « Mon garage », the guided setup, as the home, the checklist and « Mon compte » link to it. */
export const SETUP_PATH = '/admin/mon-garage';
