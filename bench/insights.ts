/**
 * `npm run bench:insights`: the insights part of bench:scale alone (bench/scale-insights.ts), on
 * SQLite and, when a database URL is set, on PostgreSQL. Sizes: BENCH_INSIGHTS_SQLITE (100 000),
 * BENCH_INSIGHTS_POSTGRES (1 000 000), BENCH_INSIGHTS_DAYS (365), BENCH_INSIGHTS_QUERIES (60).
 */
import { insightsReport } from './scale-insights-report.js';

process.exitCode = (await insightsReport(console.log)) ? 0 : 1;
