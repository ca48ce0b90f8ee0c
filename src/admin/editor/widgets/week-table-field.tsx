import { orderProperties, type ErrorSchema, type FieldProps, type RJSFSchema } from '@rjsf/utils';
import { fieldTitle } from './field-utils.ts';

type Week = Record<string, Record<string, number | undefined> | undefined>;

/**
 * `ui:field: "weekTable"`, for an object of days each holding the same numbers (the vehicles per
 * half-day): one row per day, one column per number, as the owner would draw it on paper. Each
 * input is named by its day and its column (aria-labelledby), keeps rjsf's id
 * (`root_capacity_lundi_matin`) so that the focus on the first error finds it, and shows its
 * problem below the table.
 */
export function WeekTableField(props: FieldProps) {
  const { fieldPathId, formData, errorSchema, schema, onChange, disabled, readonly, registry } =
    props;
  const week = (typeof formData === 'object' && formData !== null ? formData : {}) as Week;
  const properties = schema.properties ?? {};
  const days = orderProperties(Object.keys(properties), props.uiSchema?.['ui:order']);
  const daySchema = (day: string): RJSFSchema =>
    registry.schemaUtils.retrieveSchema(properties[day] as RJSFSchema, week[day]);
  const first = days[0] ? daySchema(days[0]) : {};
  const columns = Object.keys(first.properties ?? {});
  const columnTitle = (column: string) =>
    (first.properties?.[column] as RJSFSchema | undefined)?.title ?? column;
  const errors = errorSchema as
    Record<string, Record<string, ErrorSchema | undefined> | undefined> | undefined;
  const id = fieldPathId.$id;

  const set = (day: string, column: string, text: string) => {
    const value = /^\d{1,3}$/.test(text) ? Number(text) : undefined;
    onChange({ ...week, [day]: { ...week[day], [column]: value } }, fieldPathId.path);
  };

  const problems = days.flatMap((day) =>
    columns.flatMap((column) =>
      (errors?.[day]?.[column]?.__errors ?? []).map((message) => ({
        key: `${id}_${day}_${column}__erreur`,
        text: `${daySchema(day).title ?? day}, ${columnTitle(column).toLowerCase()} : ${message}`,
      })),
    ),
  );

  return (
    <fieldset className="week-table" id={id}>
      <legend>{fieldTitle(props)}</legend>
      {schema.description && <p className="field-description">{schema.description}</p>}
      <table>
        <thead>
          <tr>
            <td />
            {columns.map((column) => (
              <th key={column} scope="col" id={`${id}__${column}`}>
                {columnTitle(column)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {days.map((day) => (
            <tr key={day}>
              <th scope="row" id={`${id}_${day}`}>
                {daySchema(day).title ?? day}
              </th>
              {columns.map((column) => {
                const cell = (daySchema(day).properties?.[column] ?? {}) as RJSFSchema;
                const invalid = (errors?.[day]?.[column]?.__errors?.length ?? 0) > 0;
                const inputId = `${id}_${day}_${column}`;
                return (
                  <td key={column}>
                    <input
                      id={inputId}
                      type="number"
                      inputMode="numeric"
                      min={cell.minimum}
                      max={cell.maximum}
                      step={1}
                      value={week[day]?.[column] ?? ''}
                      disabled={disabled}
                      readOnly={readonly}
                      aria-invalid={invalid || undefined}
                      aria-describedby={invalid ? `${inputId}__erreur` : undefined}
                      aria-labelledby={`${id}_${day} ${id}__${column}`}
                      onChange={(event) => set(day, column, event.target.value)}
                    />
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
      {problems.length > 0 && (
        <ul className="error-detail">
          {problems.map((problem) => (
            <li key={problem.key} id={problem.key} className="text-danger">
              {problem.text}
            </li>
          ))}
        </ul>
      )}
    </fieldset>
  );
}
