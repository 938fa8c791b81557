// PROVISIONAL: replaced by the full catalogue of the parent surfaces when that work is merged.
// Until then this language's messages and errors are its own, every other namespace is English.
import type { Catalog } from '../types.js';
import type { de } from '../de/index.js';
import { en } from '../en/index.js';
import { errors } from './errors.js';
import { messages } from './messages.js';

export const uk: Catalog<typeof de> = { ...en, errors, messages };
