import type { Detector, Threshold } from '../detectors/detector.js';
import type { ObservationExplanation } from '../model/catalog.js';
import { CATALOG_UPDATED_AT } from '../version.js';

const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');

function thresholdValue(t: Threshold): string {
  const value = typeof t.value === 'number' ? t.value.toLocaleString('en-US') : String(t.value);
  return t.unit ? `${value} ${t.unit}` : value;
}

/** Markdown table of a detector's thresholds with their sources. */
export function thresholdsMarkdown(thresholds: readonly Threshold[]): string {
  if (thresholds.length === 0)
    return 'This observation has no numeric threshold: it reports a fact of the dump.';
  const rows = thresholds.map((t) => `| ${cell(t.name)} | ${cell(thresholdValue(t))} | ${cell(t.source)} |`);
  return ['| Threshold | Value | Source |', '| --- | --- | --- |', ...rows].join('\n');
}

/**
 * The explanation of one observation type, built from its detector's meta only: the REST
 * extension, the MCP tool and docs/observations/<type>.md all come from here.
 */
export function explainObservation(
  detector: Detector,
  byType: ReadonlyMap<string, Detector>,
): ObservationExplanation {
  const { meta } = detector;
  const severities = meta.severities.join(', ');
  return {
    type: meta.type,
    title: meta.title,
    description: meta.description,
    severities: [...meta.severities],
    tags: [...meta.tags],
    updatedAt: CATALOG_UPDATED_AT,
    sections: [
      { heading: 'What it means', markdown: meta.description },
      {
        heading: 'How it is judged',
        markdown: `Severities it can carry: ${severities}.\n\n${thresholdsMarkdown(meta.thresholds)}`,
      },
      ...causeSections(detector, byType),
      { heading: 'What to do', markdown: meta.remedy },
      {
        heading: 'Where it is reported',
        markdown: `Category \`${meta.category}\`; tags ${meta.tags.map((t) => `\`${t}\``).join(', ')}. Each observation names its source (connection \`pid\`, stream \`sid\`, candidate pair \`cpid\`... as the category implies), when it was first seen, the measurements behind it in \`indicators\`, and a one-sentence \`meaning\`.`,
      },
    ],
    related: (meta.related ?? [])
      .map((type) => byType.get(type))
      .filter((d): d is Detector => d !== undefined)
      .map((d) => ({ type: d.meta.type, title: d.meta.title })),
  };
}

/** Explanations of every detector, keyed by type. */
export function explanations(detectors: readonly Detector[]): Map<string, ObservationExplanation> {
  const byType = new Map(detectors.map((d) => [d.meta.type, d]));
  return new Map(detectors.map((d) => [d.meta.type, explainObservation(d, byType)]));
}

const FAMILY_TEXT = {
  network: 'the network path between the two sides',
  application: 'what the app did on purpose (to its tracks, its connection, its encoder)',
  device: "this client's device (CPU, camera, microphone)",
  remote: 'the remote side (what it sent, or stopped sending)',
} as const;

/**
 * For a cause: its family and the observations it takes as its symptoms; for a symptom: the causes
 * that can explain it. From the meta, like the rest of the explanation.
 */
function causeSections(detector: Detector, byType: ReadonlyMap<string, Detector>) {
  const { meta } = detector;
  const out: { heading: string; markdown: string }[] = [];
  const list = (types: readonly string[]) =>
    types
      .filter((t) => byType.has(t))
      .map((t) => `\`${t}\``)
      .join(', ');
  if (meta.family) {
    const along = list(meta.explains ?? []);
    const across = list(meta.explainsAcross ?? []);
    out.push({
      heading: 'As a cause',
      markdown: `This observation reports a cause: ${FAMILY_TEXT[meta.family]} (family \`${meta.family}\`). ${
        along
          ? `It explains ${along} on the same connection, direction and media while it lasts`
          : 'It explains no other observation'
      }${across ? `, and ${across} on the other direction of the connection` : ''}${along || across ? '; each one it explains names it in `explainedBy` and counts at most as low.' : '.'}`,
    });
  }
  const causes = [...byType.values()]
    .filter((d) => d.meta.explains?.includes(meta.type) || d.meta.explainsAcross?.includes(meta.type))
    .map((d) => d.meta.type)
    .sort();
  if (causes.length > 0)
    out.push({
      heading: 'When a cause explains it',
      markdown: `It is a symptom of ${list(causes)} when one of those is reported on the same connection and path during its episodes: it then names that cause in \`explainedBy\` and counts at most as low, as the cause is reported once, at its own weight.`,
    });
  return out;
}
