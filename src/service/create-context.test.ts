import { describe, expect, it } from 'vitest';
import { createLogger, redactedUrl } from './create-context.js';

describe('the service logger', () => {
  it('leaves the keys of share, embed and download links and the bearer token out of request logs', () => {
    const lines: string[] = [];
    const log = createLogger('info', { write: (line: string) => void lines.push(line) });
    const jwt = 'eyJhbGciOiJIUzI1NiJ9.eyJ0eXAiOiJkdW1wIn0.c2lnbmF0dXJl';
    for (const url of [`/download/${jwt}`, `/embed/${jwt}/session.json`, '/share/AbCdEfGhIjKlMnOpQrSt?x=1']) {
      log.info(
        { req: { method: 'GET', url, ip: '127.0.0.1', headers: { authorization: `Bearer ${jwt}` } } },
        'r',
      );
    }
    const text = lines.join('');
    expect(text).not.toContain(jwt);
    expect(text).not.toContain('AbCdEfGhIjKlMnOpQrSt');
    const urls = lines.map((l) => (JSON.parse(l) as { req: { url: string } }).req.url);
    expect(urls).toEqual(['/download/[redacted]', '/embed/[redacted]/session.json', '/share/[redacted]?x=1']);
  });

  it('keeps every other path as it is', () => {
    for (const url of [
      '/v1.0/sessions/7d0a4c1e-0000-4000-8000-000000000000',
      '/sessions',
      '/',
      '/assets/app.css',
    ])
      expect(redactedUrl(url)).toBe(url);
  });
});
