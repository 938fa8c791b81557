import type { de } from './de/index.js';
import type { FAMILY_PART_OF_STAFF_NAMESPACE, STAFF_NAMESPACES, STAFF_PARTS } from './staff-parts.js';

/** A catalog of the same shape as the German source, every leaf a string (typed against `de`). */
export type Catalog<T> = { [K in keyof T]: T[K] extends string ? string : Catalog<T[K]> };

/** The CLDR plural categories (Intl.PluralRules), written as i18next's key suffixes (`key_few`). */
export type PluralForm = 'zero' | 'one' | 'two' | 'few' | 'many' | 'other';

/**
 * The plural forms each family language needs by its CLDR rules. German and English have
 * `one` and `other`, which every German plural key carries; the others add their own.
 */
export interface PluralFormsOf {
  tr: 'one' | 'other';
  uk: 'one' | 'few' | 'many' | 'other';
  ar: 'zero' | 'one' | 'two' | 'few' | 'many' | 'other';
  pl: 'one' | 'few' | 'many' | 'other';
  ru: 'one' | 'few' | 'many' | 'other';
}
/** The languages families may choose besides the staff languages German and English. */
export type FamilyLanguage = keyof PluralFormsOf;

/**
 * A catalog with the shape of the German one in a language with other plural forms: every German
 * key, and for each German plural key (`x_one` / `x_other`) also the forms `Forms` the language
 * needs (`x_few`, `x_many`, …). A missing key or plural form fails the compile.
 */
export type PluralCatalog<T, Forms extends PluralForm> = {
  [K in keyof T]: T[K] extends string ? string : PluralCatalog<T[K], Forms>;
} & {
  [K in keyof T & string as K extends `${infer Base}_other` ? `${Base}_${Exclude<Forms, 'one' | 'other'>}` : never]: string;
};

type German = typeof de;

/**
 * Namespaces only staff read (staff-parts.ts): a family language may leave them out, and English
 * fills in. The delivery namespace is one of them but for its failure reasons, which families read.
 */
export type StaffNamespace = (typeof STAFF_NAMESPACES)[number] | keyof typeof FAMILY_PART_OF_STAFF_NAMESPACE;

/**
 * Family namespaces that arrive before their translations may be named here for a while: English
 * fills in until they are translated. None now: every family text exists in every family language.
 */
export type PendingNamespace = never;

/** Parts of the families' namespaces that only staff read (staff-parts.ts STAFF_PARTS). */
type StaffParts = { [N in keyof typeof STAFF_PARTS]: (typeof STAFF_PARTS)[N][number] } & {
  [N in keyof typeof FAMILY_PART_OF_STAFF_NAMESPACE]: Exclude<keyof German[N], (typeof FAMILY_PART_OF_STAFF_NAMESPACE)[N]>;
};

type FamilyPart<N extends keyof German> = N extends keyof StaffParts ? Omit<German[N], StaffParts[N]> : German[N];
type StaffPart<N extends keyof German> = N extends keyof StaffParts ? Partial<Catalog<Pick<German[N], StaffParts[N] & keyof German[N]>>> : unknown;

/**
 * One namespace file of a family language (`uk/results.ts`): everything a family can see,
 * complete with the language's plural forms; the staff-only parts may be added later.
 */
export type FamilyNamespace<L extends FamilyLanguage, N extends Exclude<keyof German, Exclude<StaffNamespace, 'delivery'>>> = PluralCatalog<
  FamilyPart<N>,
  PluralFormsOf[L]
> &
  StaffPart<N>;

/** The whole catalog of a family language (`<lang>/index.ts`). */
export type FamilyCatalog<L extends FamilyLanguage> = {
  [N in Exclude<keyof German, Exclude<StaffNamespace, 'delivery'> | PendingNamespace>]: FamilyNamespace<L, N>;
} & { [N in Exclude<StaffNamespace, 'delivery'> | PendingNamespace]?: Catalog<German[N]> };
