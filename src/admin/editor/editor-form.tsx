import { useCallback, useMemo, useRef, type ReactNode } from 'react';
import Form, { type IChangeEvent } from '@rjsf/core';
import type {
  CustomValidator,
  RegistryFieldsType,
  RegistryWidgetsType,
  RJSFSchema,
  TemplatesType,
  UiSchema,
  ValidatorType,
} from '@rjsf/utils';
import { frenchErrors, withoutConditions } from './content-validator.ts';
import { FORM_BEHAVIOUR, useFocusFirstInvalid, useLiveValidation } from './form-behaviour.ts';
import { requiredNotBlank } from './required-fields.ts';
import { EDITOR_TEMPLATES, EDITOR_WIDGETS } from './theme/index.ts';
import '../styles/editor.css';

export interface EditorFormProps<T> {
  /** The form's JSON Schema (generated, src/content/generated/forms.ts): labels, help, rules. */
  schema: RJSFSchema;
  /** Its form hints (widgets, rows, order). */
  uiSchema?: UiSchema<T>;
  /** See content-validator.ts: no `eval`, the generated validator of this schema. */
  validator: ValidatorType<T>;
  formData: T;
  /** Every change rjsf reports (a blur's validation included), with the form's values. */
  onChange: (data: T) => void;
  /** A save asked for, once the values passed every check. */
  onSubmit: (data: T) => void;
  /** Custom widgets and fields named by the uiSchema (src/admin/editor/widgets). */
  widgets?: RegistryWidgetsType<T>;
  fields?: RegistryFieldsType<T>;
  /** A rule across fields that the schema cannot say, added to the form's own checks. */
  customValidate?: CustomValidator<T>;
  /** Inside the form, after the fields: what the form adds, and its buttons. */
  children: ReactNode;
}

/**
 * Every check a form of the back-office makes beyond its schema: a required text left blank is
 * refused, then the form's own rule across fields, if any.
 */
export function formRules<T>(schema: RJSFSchema, extra?: CustomValidator<T>): CustomValidator<T> {
  const required = requiredNotBlank<T>(schema);
  if (!extra) return required;
  return (value, errors, ui) => extra(value, required(value, errors, ui), ui);
}

/**
 * The back-office's one rjsf form (docs/decisions/086-one-form-wiring.md): our templates and
 * widgets, French strings and error messages next to their fields, required texts refused blank,
 * validation on blur until an error shows and then on each change, and the focus on the first
 * invalid field after a refused save. The content editor and the blog form are built on it; they
 * keep only what is theirs (saving, history, drafts, their buttons).
 */
export function EditorForm<T>(props: EditorFormProps<T>) {
  const { schema, widgets, customValidate, onChange, onSubmit } = props;
  const rules = useMemo(() => formRules(schema, customValidate), [schema, customValidate]);
  const transformErrors = useMemo(() => frenchErrors(schema), [schema]);
  // What rjsf lays out; the validator and the French messages keep every rule (content-validator.ts).
  const layout = useMemo(() => withoutConditions(schema), [schema]);
  const allWidgets = useMemo(() => ({ ...EDITOR_WIDGETS, ...widgets }), [widgets]);

  const live = useLiveValidation();
  const { track } = live;
  const handleChange = useCallback(
    (event: IChangeEvent<T>) => {
      track(event);
      onChange(event.formData as T);
    },
    [track, onChange],
  );
  const handleSubmit = useCallback(
    (event: IChangeEvent<T>) => onSubmit(event.formData as T),
    [onSubmit],
  );

  const form = useRef<Form<T>>(null);
  const formElement = useCallback(
    () => form.current?.formElement.current as HTMLFormElement | null | undefined,
    [],
  );
  const focusFirstInvalid = useFocusFirstInvalid(formElement);

  return (
    <Form<T>
      ref={form}
      schema={layout}
      uiSchema={props.uiSchema}
      validator={props.validator}
      formData={props.formData}
      onChange={handleChange}
      onSubmit={handleSubmit}
      templates={EDITOR_TEMPLATES as Partial<TemplatesType<T>>}
      widgets={allWidgets}
      fields={props.fields}
      {...FORM_BEHAVIOUR}
      liveValidate={live.liveValidate}
      onError={live.onError}
      transformErrors={transformErrors}
      customValidate={rules}
      focusOnFirstError={focusFirstInvalid}
    >
      {props.children}
    </Form>
  );
}
