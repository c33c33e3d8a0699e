import type { Detector } from '../detectors/detector.js';
import type { ObservationExplanation } from '../model/catalog.js';
import { compareText } from '../model/compare-text.js';
import { causesMarkdown } from './causes-markdown.js';
import { explanations } from './explanation.js';

export const GENERATED_NOTE =
  '<!-- Generated from the detector meta by `npm run docs`; edit the detector, not this file. -->';

const kebab = (type: string) => type.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

/** docs/observations/<type>.md */
export function observationPage(explanation: ObservationExplanation, detector: Detector): string {
  const { meta } = detector;
  const lines = [
    GENERATED_NOTE,
    '',
    `# ${explanation.title}`,
    '',
    `\`${explanation.type}\` · category \`${meta.category}\` · severities ${explanation.severities.join(', ')} · tags ${explanation.tags.join(', ')}`,
    '',
  ];
  for (const section of explanation.sections) lines.push(`## ${section.heading}`, '', section.markdown, '');
  if (explanation.related.length > 0) {
    lines.push('## Related', '');
    for (const r of explanation.related) lines.push(`- [${r.title}](${r.type}.md) (\`${r.type}\`)`);
    lines.push('');
  }
  lines.push(
    `Detector source: \`src/detectors/${meta.category}/${kebab(meta.type)}.ts\`. Explanation updated ${explanation.updatedAt}.`,
    '',
  );
  return lines.join('\n');
}

/** docs/observations/README.md: the catalog as a table, grouped by category. */
export function observationIndex(detectors: readonly Detector[]): string {
  const sorted = [...detectors].sort((a, b) => compareText(a.meta.type, b.meta.type));
  const categories = [...new Set(sorted.map((d) => d.meta.category))].sort();
  const tags = new Set(sorted.flatMap((d) => d.meta.tags));
  const lines = [
    GENERATED_NOTE,
    '',
    '# Observations',
    '',
    `callscope can report ${sorted.length} types of observation, in ${categories.length} categories and with ${tags.size} tags. Each page says what the observation means, how its severity is decided (every threshold with its source), and what to do about it. The same text is served by \`GET /v1.0/observations/{type}\` and the MCP tool \`get_observation_explanation\`.`,
    '',
    'Severities: **critical** (the call failed or could not work), **high** (users clearly suffered), **medium** (noticeable), **low** (minor or a risk), **info** (a fact worth knowing). Only critical, high and medium feed the session flags and the `has*` filters; every severity except info lowers `observationsScore` (see [scoring](../scoring.md)).',
    '',
    ...causesMarkdown(sorted),
  ];
  for (const category of categories) {
    lines.push(`## ${category}`, '', '| Type | Title | Severities | Tags |', '| --- | --- | --- | --- |');
    for (const d of sorted.filter((x) => x.meta.category === category)) {
      const m = d.meta;
      lines.push(
        `| [\`${m.type}\`](${m.type}.md) | ${m.title} | ${m.severities.join(', ')} | ${m.tags.join(', ')} |`,
      );
    }
    lines.push('');
  }
  return lines.join('\n');
}

/** Every generated observation document, by path relative to docs/. */
export function observationDocs(detectors: readonly Detector[]): Map<string, string> {
  const out = new Map<string, string>();
  const all = explanations(detectors);
  out.set('observations/README.md', observationIndex(detectors));
  for (const d of detectors)
    out.set(`observations/${d.meta.type}.md`, observationPage(all.get(d.meta.type)!, d));
  return out;
}
