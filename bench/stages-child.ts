import { SOURCES } from './build-dump.js';
import { analyzeDump } from './built.js';
import { stageTimes } from './stages.js';

/**
 * The stages of one dump in a fresh process (`stages-child.ts <path> <runs>`), warmed on the real
 * dumps as the bench's own process is: measured in that process after the big rows instead, the
 * largest fixture's detectors + scoring share was 16.0 % in a quick bench and 24.3 % in a full one
 * the same day (detectors 3.6 and 6.9 ms), for the same build; here, 18.2-18.5 % in three runs
 * while the machine's load moved its read time from 22 to 39 ms. Prints the StageTimes as JSON.
 */
const [path, runs] = process.argv.slice(2);
const gc = (globalThis as { gc?: () => void }).gc ?? (() => {});
const n = Number(runs);
for (const source of SOURCES) for (let i = 0; i < 10; i++) await analyzeDump(source);
// As often as the bench's speed rows analyze a small dump (timeRow: 10 rounds, then 41) before its
// stages are taken: with fewer, the detectors are still being compiled (21-23 % after 10 rounds).
if (n > 3) for (let i = 0; i < 51; i++) await analyzeDump(path!);
// Big dumps start each run from a collected heap (see timeRow); small ones do not.
console.log(JSON.stringify(await stageTimes(path!, n, n > 3 ? () => {} : gc)));
