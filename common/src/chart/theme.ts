// A chart's colours: the panel passes the editor's (client/media/chart/chartDom.ts),
// the CLI and tests this light one.

export interface Theme {
  background: string;
  foreground: string;
  muted: string;
  grid: string;
  /** Series colours, in order. */
  series: string[];
  land: string;
  border: string;
  font: string;
}

export const LIGHT_THEME: Theme = {
  background: '#ffffff',
  foreground: '#1f1f1f',
  muted: '#616161',
  grid: '#e0e0e0',
  series: ['#1a85ff', '#d41159', '#2e9e44', '#e6a100', '#7b3fbf', '#00a3a3', '#c4581c', '#6b6b6b', '#a0a0a0'],
  land: '#e8e8e8',
  border: '#b0b0b0',
  font: "'Segoe UI', Helvetica, Arial, 'DejaVu Sans', sans-serif",
};

/** The colour of the i-th series (the list repeats). */
export function seriesColour(theme: Theme, i: number): string {
  return theme.series[i % theme.series.length]!;
}
