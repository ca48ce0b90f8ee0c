import { replaceStringParameters, TranslatableString } from '@rjsf/utils';

/** rjsf's own interface strings, in French (the ones our forms can show). */
const FRENCH: Partial<Record<TranslatableString, string>> = {
  [TranslatableString.ArrayItemTitle]: 'Élément',
  [TranslatableString.MissingItems]: 'Définition des éléments manquante',
  [TranslatableString.EmptyArray]:
    'Aucun élément pour le moment. Ajoutez-en avec le bouton ci-dessous.',
  [TranslatableString.YesLabel]: 'Oui',
  [TranslatableString.NoLabel]: 'Non',
  [TranslatableString.CloseLabel]: 'Fermer',
  [TranslatableString.ErrorsLabel]: 'Erreurs',
  [TranslatableString.NewStringDefault]: 'Nouvelle valeur',
  [TranslatableString.AddButton]: 'Ajouter',
  [TranslatableString.AddItemButton]: 'Ajouter un élément',
  [TranslatableString.CopyButton]: 'Dupliquer',
  [TranslatableString.MoveDownButton]: 'Descendre',
  [TranslatableString.MoveUpButton]: 'Monter',
  [TranslatableString.RemoveButton]: 'Supprimer',
  [TranslatableString.ClearLabel]: 'Effacer',
  [TranslatableString.ClearButton]: 'Effacer le champ',
  [TranslatableString.PreviewLabel]: 'Aperçu',
  [TranslatableString.UnknownFieldType]: 'Type de champ inconnu : %1',
  [TranslatableString.OptionPrefix]: 'Option %1',
  [TranslatableString.UnsupportedField]: 'Champ non pris en charge.',
  [TranslatableString.UnsupportedFieldWithId]: 'Champ « %1 » non pris en charge.',
  [TranslatableString.UnsupportedFieldWithReason]: 'Champ non pris en charge : %1.',
  [TranslatableString.UnsupportedFieldWithIdAndReason]: 'Champ « %1 » non pris en charge : %2.',
};

export function translateFrench(key: TranslatableString, params?: string[]): string {
  return replaceStringParameters(FRENCH[key] ?? key, params);
}
