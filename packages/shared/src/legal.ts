import { z } from 'zod';
import { text } from './validation.js';

/** The legal pages every visitor can open: privacy notice, imprint, accessibility statement. */
export const LEGAL_PAGES = ['privacy', 'imprint', 'accessibility'] as const;
export const legalPageSchema = z.enum(LEGAL_PAGES);
export type LegalPage = z.infer<typeof legalPageSchema>;

export const legalParamsSchema = z.object({ page: legalPageSchema });
/** `lang`: the reader's UI language; the texts exist in German and English (German otherwise). */
export const legalQuerySchema = z.object({ lang: z.string().max(35).optional() });

/** GET legal/{page}: the operator's text as Markdown, with the language it is written in. */
export const legalTextSchema = z.object({
  page: legalPageSchema,
  language: z.enum(['de', 'en']),
  markdown: text(),
});
export type LegalTextData = z.infer<typeof legalTextSchema>;
