/** A catalog of the same shape as the German source, every leaf a string (typed against `de`). */
export type Catalog<T> = { [K in keyof T]: T[K] extends string ? string : Catalog<T[K]> };
