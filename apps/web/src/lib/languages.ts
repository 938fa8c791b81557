import type { Language, StaffLanguage } from '@kita/shared';

/**
 * The product's languages and the right-to-left ones, as LANGUAGES / STAFF_LANGUAGES /
 * RTL_LANGUAGES of @kita/shared (validation.ts), copied because importing that module would bring
 * zod into every page's first download; languages.test.ts keeps the copies equal.
 */
export const LANGUAGES: readonly Language[] = ['de', 'en', 'tr', 'uk', 'ar', 'pl', 'ru'];
export const STAFF_LANGUAGES: readonly StaffLanguage[] = ['de', 'en'];
export const RTL_LANGUAGES: readonly Language[] = ['ar'];
/** Each language named in itself, as every picker shows it (LANGUAGE_NAMES of @kita/shared). */
export const LANGUAGE_NAMES: Record<Language, string> = { de: 'Deutsch', en: 'English', tr: 'Türkçe', uk: 'Українська', ar: 'العربية', pl: 'Polski', ru: 'Русский' };

export const isLanguage = (value: unknown): value is Language => LANGUAGES.includes(value as Language);
export const isStaffLanguage = (lng: Language): lng is StaffLanguage => (STAFF_LANGUAGES as readonly Language[]).includes(lng);
/** 'rtl' for Arabic, 'ltr' for the others. */
export const directionOf = (lng: string): 'rtl' | 'ltr' => (RTL_LANGUAGES.includes(lng as Language) ? 'rtl' : 'ltr');
