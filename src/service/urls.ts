import type { Plan } from '../config/config.js';

/** Public links of a stored session (reference.md): dashboard page, and embed page on enterprise. */
export function sessionLinks(
  siteUrl: string,
  sessionId: string,
  plan: Plan,
  embedToken: () => Promise<string>,
): Promise<{ callscopeUrl: string; embedUrl?: string }> {
  const callscopeUrl = `${siteUrl}/sessions/${sessionId}`;
  if (plan !== 'enterprise') return Promise.resolve({ callscopeUrl });
  return embedToken().then((token) => ({ callscopeUrl, embedUrl: `${siteUrl}/embed/${token}` }));
}

export const shareUrl = (siteUrl: string, publicLink: string) => `${siteUrl}/share/${publicLink}`;
