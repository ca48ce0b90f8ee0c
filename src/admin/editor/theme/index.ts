import type { RegistryWidgetsType, TemplatesType } from '@rjsf/utils';
import {
  AddButton,
  ClearButton,
  CopyButton,
  MoveDownButton,
  MoveUpButton,
  RemoveButton,
  SubmitButton,
} from './buttons.tsx';
import {
  DescriptionFieldTemplate,
  FieldErrorTemplate,
  FieldHelpTemplate,
  FieldTemplate,
  TitleFieldTemplate,
} from './field-templates.tsx';
import {
  ArrayFieldDescriptionTemplate,
  ArrayFieldItemTemplate,
  ArrayFieldTemplate,
  ArrayFieldTitleTemplate,
  ObjectFieldTemplate,
} from './group-templates.tsx';
import { BaseInputTemplate, SelectWidget, TextareaWidget } from './inputs.tsx';

export { translateFrench } from './translate.ts';

/** The admin's look for rjsf: labels, help and errors per field, fieldsets, text buttons. */
export const EDITOR_TEMPLATES: Partial<TemplatesType> = {
  FieldTemplate,
  FieldErrorTemplate,
  FieldHelpTemplate,
  DescriptionFieldTemplate,
  TitleFieldTemplate,
  ObjectFieldTemplate,
  ArrayFieldTemplate,
  ArrayFieldItemTemplate,
  ArrayFieldTitleTemplate,
  ArrayFieldDescriptionTemplate,
  BaseInputTemplate,
  ButtonTemplates: {
    AddButton,
    ClearButton,
    CopyButton,
    MoveDownButton,
    MoveUpButton,
    RemoveButton,
    SubmitButton,
  },
};

export const EDITOR_WIDGETS: RegistryWidgetsType = { SelectWidget, TextareaWidget };
