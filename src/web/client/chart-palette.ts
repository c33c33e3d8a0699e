import type UPlot from 'uplot';
import { currentTheme, onThemeChange, type Theme } from './color-theme.js';
import type { Severity } from './types.js';

/**
 * Chart colours by theme. Lines keep 3:1 against the card behind them (white, or #171b21 in dark);
 * bands are faint enough for the lines over them to keep it.
 */
const PALETTES: Record<
  Theme,
  {
    series: string[];
    axis: string;
    grid: string;
    mark: string;
    moment: string;
    momentBand: string;
    bands: Record<Severity, string>;
  }
> = {
  light: {
    series: ['#1f5fbf', '#c2410c', '#15803d', '#7e22ce'],
    axis: '#3d4451',
    grid: '#e3e6ea',
    mark: '#b45309',
    moment: '#b00020',
    momentBand: 'rgba(176, 0, 32, 0.10)',
    bands: {
      critical: 'rgba(127, 29, 29, 0.16)',
      high: 'rgba(179, 38, 30, 0.13)',
      medium: 'rgba(180, 83, 9, 0.13)',
      low: 'rgba(31, 95, 191, 0.10)',
      info: 'rgba(80, 85, 96, 0.10)',
    },
  },
  dark: {
    series: ['#7aa7ff', '#fb923c', '#4ade80', '#d8a4ff'],
    axis: '#b8c0cc',
    grid: '#2a313b',
    mark: '#f59e0b',
    moment: '#ff6b81',
    momentBand: 'rgba(255, 107, 129, 0.14)',
    bands: {
      critical: 'rgba(255, 99, 99, 0.22)',
      high: 'rgba(255, 120, 100, 0.18)',
      medium: 'rgba(245, 158, 11, 0.16)',
      low: 'rgba(122, 167, 255, 0.14)',
      info: 'rgba(184, 192, 204, 0.12)',
    },
  },
};
let palette = PALETTES[currentTheme()];
onThemeChange((theme) => {
  palette = PALETTES[theme];
});

/** The colours of the current theme. */
export const colors = () => palette;

/** uPlot colours a legend's markers once: on a change of theme they are coloured again. */
export function recolorLegend(u: UPlot): void {
  const rows = u.root.querySelectorAll<HTMLElement>('.u-legend .u-series');
  rows.forEach((row, i) => {
    const marker = row.querySelector<HTMLElement>('.u-marker');
    if (i > 0 && marker) {
      const color = colors().series[(i - 1) % colors().series.length]!;
      marker.style.borderColor = color;
      marker.style.background = color;
    }
  });
}
