import { defineDetector } from '../detector.js';

const MAX_CORES = 2;
const MAX_MEMORY_GB = 2;
const LOWEST_TIER = 1;

/** Few cores, little memory or Chrome's lowest performance tier: expect CPU limits with video. */
export default defineDetector({
  meta: {
    type: 'lowEndDevice',
    title: 'Low-end device',
    severities: ['info'],
    tags: ['cpu', 'peripheral'],
    category: 'devices',
    description:
      'The client device has limited resources: 2 CPU cores or fewer, 2 GB of memory or less, or Chrome rated its CPU in the lowest performance tier. Context for CPU-related observations.',
    remedy:
      'Offer lighter settings (lower resolution, fewer video tiles, no background effects) on such devices.',
    thresholds: [
      {
        name: 'cores',
        value: MAX_CORES,
        unit: 'hardwareConcurrency',
        source: 'navigator.hardwareConcurrency',
      },
      { name: 'memory', value: MAX_MEMORY_GB, unit: 'GB', source: 'navigator.deviceMemory' },
      {
        name: 'cpuPerformance',
        value: LOWEST_TIER,
        source: "Chrome's cpuPerformance tier in webrtc-internals dumps",
      },
    ],
    related: ['cpuLimitation', 'cpuPressure'],
  },
  applies: (session) =>
    session.client.hardwareConcurrency !== undefined ||
    session.client.deviceMemory !== undefined ||
    session.client.cpuPerformance !== undefined,
  run: (session) => {
    const { hardwareConcurrency: cores, deviceMemory: memory, cpuPerformance: tier } = session.client;
    const reasons = [
      cores !== undefined && cores <= MAX_CORES ? `${cores} CPU cores` : undefined,
      memory !== undefined && memory <= MAX_MEMORY_GB ? `${memory} GB of memory` : undefined,
      tier === LOWEST_TIER ? 'the lowest CPU performance tier' : undefined,
    ].filter((r): r is string => r !== undefined);
    if (reasons.length === 0) return [];
    return [
      {
        severity: 'info' as const,
        indicators: { cpuCores: cores ?? null, deviceMemoryGb: memory ?? null, cpuPerformance: tier ?? null },
        meaning: `The device has ${reasons.join(' and ')}.`,
      },
    ];
  },
});
