import { useState } from 'react';
import type { ErrorSchema, FieldProps } from '@rjsf/utils';
import { fieldTitle } from '../editor/widgets/field-utils.ts';
import { readLine, SERVICE_CATALOGUE, writeLine } from './service-catalogue.ts';

/** The French messages rjsf put on the list or on one of its lines. */
function listErrors(errorSchema: ErrorSchema | undefined): string[] {
  if (!errorSchema) return [];
  const own = (errorSchema.__errors ?? []) as string[];
  const items = Object.entries(errorSchema)
    .filter(([key]) => key !== '__errors')
    .flatMap(([, value]) => ((value as ErrorSchema).__errors ?? []) as string[]);
  return [...new Set([...own, ...items])];
}

/**
 * `ui:field: "serviceCatalogue"`, for the services' list of lines: a box to tick per common
 * garage work, each with a one-line description to rewrite; lines of the owner's own (typed in
 * the services editor) stay, and may be unticked too.
 */
export function ServiceCatalogueField(props: FieldProps) {
  const { fieldPathId, formData, errorSchema, onChange, disabled, readonly } = props;
  const lines: string[] = Array.isArray(formData) ? formData.map((line) => String(line ?? '')) : [];
  const read = lines.map(readLine);
  const base = fieldPathId.$id;
  const locked = Boolean(disabled || readonly);
  // A service unticked keeps its description here, should it be ticked again.
  const [kept, setKept] = useState<Record<string, string>>(() =>
    Object.fromEntries(SERVICE_CATALOGUE.map((service) => [service.name, service.description])),
  );
  const indexOf = (name: string) =>
    read.findIndex((line) => line.kind === 'catalogue' && line.name === name);
  const change = (next: string[]) => onChange(next, fieldPathId.path);

  const toggle = (name: string, on: boolean) => {
    const at = indexOf(name);
    if (on && at < 0) change([...lines, writeLine(name, kept[name] ?? '')]);
    if (!on && at >= 0) {
      const line = read[at]!;
      if (line.kind === 'catalogue')
        setKept((current) => ({ ...current, [name]: line.description }));
      change(lines.filter((_, index) => index !== at));
    }
  };
  const describe = (name: string, description: string) => {
    const at = indexOf(name);
    if (at >= 0)
      change(lines.map((line, index) => (index === at ? writeLine(name, description) : line)));
  };
  // An own line unticked goes from the list, its box with it: the focus goes to the box now in its
  // place, else the last one (docs/decisions/092-focus-follows-actions.md).
  const untickOwn = (index: number, position: number) => {
    change(lines.filter((_, i) => i !== index));
    requestAnimationFrame(() => {
      const boxes = [
        ...(document
          .getElementById(base)
          ?.querySelectorAll<HTMLElement>('input[type="checkbox"]') ?? []),
      ];
      (boxes[SERVICE_CATALOGUE.length + position] ?? boxes.at(-1))?.focus();
    });
  };
  const errors = listErrors(errorSchema);
  const own = read.flatMap((line, index) =>
    line.kind === 'own' ? [{ text: line.text, index }] : [],
  );

  return (
    <fieldset className="service-catalogue" id={base}>
      <legend>{fieldTitle(props)}</legend>
      <p className="field-description">
        Cochez ce que fait votre garage. La phrase sous chaque service s&apos;affiche sur le site :
        modifiez-la si vous le souhaitez.
      </p>
      <ul className="service-catalogue__list">
        {SERVICE_CATALOGUE.map((service, position) => {
          const at = indexOf(service.name);
          const line = at >= 0 ? read[at] : undefined;
          const id = `${base}-service-${position}`;
          return (
            <li key={service.name} className="service-catalogue__item">
              <input
                type="checkbox"
                id={id}
                checked={at >= 0}
                disabled={locked}
                onChange={(event) => toggle(service.name, event.target.checked)}
              />
              <label htmlFor={id}>{service.name}</label>
              {line?.kind === 'catalogue' && (
                <div className="service-catalogue__description">
                  <label htmlFor={`${id}-text`}>
                    Description<span className="visually-hidden"> : {service.name}</span>
                  </label>
                  <input
                    type="text"
                    className="editor-input"
                    id={`${id}-text`}
                    value={line.description}
                    disabled={locked}
                    onChange={(event) => describe(service.name, event.target.value)}
                  />
                </div>
              )}
            </li>
          );
        })}
        {own.map(({ text, index }, position) => (
          <li key={`own-${index}`} className="service-catalogue__item">
            <input
              type="checkbox"
              id={`${base}-own-${index}`}
              checked
              disabled={locked}
              onChange={() => untickOwn(index, position)}
            />
            <label htmlFor={`${base}-own-${index}`}>{text}</label>
          </li>
        ))}
      </ul>
      {errors.length > 0 && (
        <div className="editor-field__errors">
          {errors.map((error) => (
            <p key={error} className="editor-field__error">
              {error}
            </p>
          ))}
        </div>
      )}
    </fieldset>
  );
}
