/** The CSV reader of the export tests lives in packages/shared, shared with the browser tests. */
export { csvRows, parseCsv } from '@kita/shared/csv-read';
