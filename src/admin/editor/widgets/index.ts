import type { RegistryFieldsType, RegistryWidgetsType } from '@rjsf/utils';
import { FixedSlotsField } from './fixed-slots-field.tsx';
import { FramePreviewWidget } from './frame-preview-widget.tsx';
import { ImageChoiceWidget } from './image-choice.tsx';
import { ImageListField } from './image-list-field.tsx';
import { StringListField } from './string-list-field.tsx';
import { WeekTableField } from './week-table-field.tsx';
import { RichTextWidget } from '../../rich-text/rich-text-field.tsx';
import { MarkerTextWidget } from '../../replies/index.ts';
import './widgets.css';

/** The custom widgets named by `ui:widget` in schemas/*.ui.json; pass as `<Form widgets>`. */
export const WIDGETS: RegistryWidgetsType = {
  imageChoice: ImageChoiceWidget,
  framePreview: FramePreviewWidget,
  richText: RichTextWidget,
  markerText: MarkerTextWidget,
};

/** The custom fields named by `ui:field` in schemas/*.ui.json; pass as `<Form fields>`. */
export const FIELDS: RegistryFieldsType = {
  stringList: StringListField,
  imageList: ImageListField,
  fixedSlots: FixedSlotsField,
  weekTable: WeekTableField,
};

export { ImageChoice, type ImageChoiceProps, type ImageOption } from './image-choice.tsx';
export { ImagePreview } from './image-preview.tsx';
