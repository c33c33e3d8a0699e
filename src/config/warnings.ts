import type { Config } from './config.js';

/** Whether `host` (CALLSCOPE_HOST) is reachable from this machine only. */
export function isLoopbackHost(host: string): boolean {
  const h = host.toLowerCase().replace(/^\[(.*)\]$/, '$1');
  return h === 'localhost' || h === '::1' || /^127(\.\d{1,3}){3}$/.test(h);
}

/**
 * What `callscope serve` warns about at start, once: settings left at a default that is safe on
 * loopback but not once the service listens on a network.
 */
export function configWarnings(config: Config): string[] {
  if (isLoopbackHost(config.host)) return [];
  const warnings: string[] = [];
  if (config.siteUrl === undefined)
    warnings.push(
      `CALLSCOPE_SITE_URL is unset while the service listens on ${config.host}: the links in its answers (callscopeUrl, embedUrl, share and download links) name the address each connection reached, never the request's Host unless CALLSCOPE_ALLOWED_HOSTS lists it. Set CALLSCOPE_SITE_URL to the site's public URL (for example https://callscope.example.com).`,
    );
  if (config.metrics.port === undefined && config.metrics.token === undefined)
    warnings.push(
      `GET /metrics is served without a token on the API port, to anyone who can reach ${config.host}:${config.port}. Set CALLSCOPE_METRICS_TOKEN to require one, or CALLSCOPE_METRICS_PORT (and CALLSCOPE_METRICS_HOST) to serve it on a port of its own.`,
    );
  return warnings;
}
