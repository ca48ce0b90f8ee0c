import { descriptionId, errorId, getUiOptions, helpId, type WidgetProps } from '@rjsf/utils';

/**
 * A widget's `aria-describedby`: the ids of its description, errors and help (rjsf's ids, as the
 * field templates give them) for those the field shows, and only those, so that it never points
 * at an element that is not on the page. Undefined when the field shows none.
 */
export function describedByIds(
  props: Pick<WidgetProps, 'id' | 'rawErrors' | 'schema' | 'uiSchema' | 'hideError'>,
): string | undefined {
  const { id, rawErrors, schema, uiSchema, hideError } = props;
  const options = getUiOptions(uiSchema);
  const ids: string[] = [];
  if (options.description ?? schema.description) ids.push(descriptionId(id));
  if (!hideError && rawErrors?.some(Boolean)) ids.push(errorId(id));
  if (options.help) ids.push(helpId(id));
  return ids.length ? ids.join(' ') : undefined;
}
