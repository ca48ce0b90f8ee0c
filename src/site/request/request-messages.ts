/** The confirmation, the same with or without JavaScript. */
export const SENT_TITLE = 'Demande envoyée';
export const SENT_TEXT =
  'Votre demande a bien été envoyée : le garage vous répondra au plus vite, par téléphone ou par e-mail.';
