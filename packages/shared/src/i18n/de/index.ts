import { errors } from './errors.js';
import { validation } from './validation.js';

/** German catalog: the source language. One namespace per area; add new namespaces here. */
export const de = {
  errors,
  validation,
};
