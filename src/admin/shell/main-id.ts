/** The id of the back-office's `<main>`: where the focus goes when what held it goes away. */
export const MAIN_ID = 'contenu';
