import { SETTINGS, type Setting } from './settings.js';

/** The settings table of docs/operations.md (generated). */
export function settingsMarkdown(): string {
  const rows = (SETTINGS as readonly Setting[]).map((s) => {
    const def = s.default === undefined || s.default === '' ? '' : `\`${s.default}\``;
    const values = s.values ? ` One of ${s.values.map((v) => `\`${v}\``).join(', ')}.` : '';
    return `| \`${s.env}\` | ${s.flag ? `\`${s.flag}\`` : ''} | ${def} | ${s.description}${values} |`;
  });
  return ['| Environment | Flag | Default | What it does |', '| --- | --- | --- | --- |', ...rows].join('\n');
}
