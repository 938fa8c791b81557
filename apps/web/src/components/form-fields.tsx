/**
 * One-line form fields over react-hook-form + shadcn's Form parts (see components/form/). Each
 * field lives in its own module so a page loads only the pickers it uses.
 */
export type { FieldProps } from './form/field-props';
export { TextField } from './form/text-field';
export { TextareaField } from './form/textarea-field';
export { SelectField, type SelectOption } from './form/select-field';
export { SwitchField } from './form/switch-field';
export { DateField } from './form/date-field';
export { TimeField } from './form/time-field';
