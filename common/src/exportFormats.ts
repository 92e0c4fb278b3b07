// The export formats, in one place (the CLI's --format, the panel's buttons,
// the panel protocol, the export writers). Pure: the webview imports it too.

export type ExportFormat = 'json' | 'ndjson' | 'csv' | 'tsv' | 'wikitable';
export const EXPORT_FORMATS: readonly ExportFormat[] = ['json', 'ndjson', 'csv', 'tsv', 'wikitable'];

/** The name people see (the panel's "Export …" buttons). */
export const EXPORT_FORMAT_LABELS: Readonly<Record<ExportFormat, string>> = {
  json: 'JSON',
  ndjson: 'NDJSON',
  csv: 'CSV',
  tsv: 'TSV',
  wikitable: 'Wikitable',
};

/**
 * How an export writes a nested value in a CSV, TSV or wikitable cell:
 * `readable` as the panel shows joined names (results/cellSummary.ts
 * readableCellText), `json` as compact JSON. JSON and NDJSON keep values as they are.
 */
export type CellStyle = 'readable' | 'json';
export const CELL_STYLES: readonly CellStyle[] = ['readable', 'json'];
