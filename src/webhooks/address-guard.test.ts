import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { guardedLookup, isBlockedAddress, urlProblem } from './address-guard.js';
import { guardedAgents, sendOnce } from './send.js';

describe('webhook address guard', () => {
  it.each([
    '127.0.0.1',
    '127.255.0.9',
    '10.1.2.3',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '224.0.0.1',
    '255.255.255.255',
    '198.18.0.1',
    '::1',
    '::',
    'fe80::1',
    'fe80::1%eth0',
    'fc00::1',
    'fd12:3456::1',
    'ff02::1',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::ffff:10.0.0.1',
    '::ffff:169.254.169.254',
    '0:0:0:0:0:ffff:c0a8:0101',
    '64:ff9b::10.0.0.1',
    '2001:db8::1',
    '2002:7f00:1::1',
    'not-an-address',
  ])('refuses %s', (address) => {
    expect(isBlockedAddress(address)).toBe(true);
  });

  it.each([
    '93.184.215.14',
    '8.8.8.8',
    '172.32.0.1',
    '192.169.0.1',
    '100.128.0.1',
    '2606:4700::1111',
    '2a00:1450:4001::200e',
    '::ffff:8.8.8.8',
    '64:ff9b::8.8.8.8',
  ])('allows %s', (address) => {
    expect(isBlockedAddress(address)).toBe(false);
  });

  it('checks URLs at creation: scheme, credentials, literal and resolved hosts', async () => {
    expect(await urlProblem('ftp://example.com/x', false)).toMatch(/http or https/);
    expect(await urlProblem('https://user:pw@example.com/', false)).toMatch(/credentials/);
    expect(await urlProblem('not a url', false)).toMatch(/not a URL/);
    expect(await urlProblem('http://127.0.0.1:8080/hook', false)).toMatch(/loopback/);
    expect(await urlProblem('http://[::ffff:127.0.0.1]/hook', false)).toMatch(/127\.0\.0\.1|7f00/);
    expect(await urlProblem('http://[fd00::1]/hook', false)).toMatch(/reserved/);
    // A name that resolves to loopback is refused as its address would be.
    expect(await urlProblem('http://localhost:9/hook', false)).toMatch(/localhost resolves to/);
    // Other spellings of loopback that URL parsing turns into 127.0.0.1.
    for (const spelled of ['http://2130706433/', 'http://0x7f000001/', 'http://127.1/', 'http://0177.0.0.1/'])
      expect(await urlProblem(spelled, false), spelled).toMatch(/127\.0\.0\.1/);
    expect(await urlProblem('http://93.184.215.14/hook', false)).toBeUndefined();
    expect(await urlProblem('http://127.0.0.1:8080/hook', true)).toBeUndefined();
  });

  it('refuses at connect time, whatever the name resolved to at creation (DNS rebinding)', async () => {
    const server = createServer((_req, res) => res.end('ok'));
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const port = (server.address() as AddressInfo).port;
    try {
      const lookup = guardedLookup(false);
      const seen = await new Promise<Error | null>((resolve) =>
        lookup('localhost', { all: false }, (error) => resolve(error)),
      );
      expect(seen?.message).toMatch(/localhost resolves to .*not sent there/);
      const refused = await sendOnce(
        { url: `http://localhost:${port}/`, body: '{}', headers: {} },
        { allowPrivate: false, timeoutMs: 5_000, agents: guardedAgents(false) },
      );
      expect(refused).toMatchObject({ ok: false, status: null });
      expect(refused.error).toMatch(/not sent there/);
      const literal = await sendOnce(
        { url: `http://127.0.0.1:${port}/`, body: '{}', headers: {} },
        { allowPrivate: false, timeoutMs: 5_000, agents: guardedAgents(false) },
      );
      expect(literal).toMatchObject({ ok: false, status: null });
      const allowed = await sendOnce(
        { url: `http://localhost:${port}/`, body: '{}', headers: {} },
        { allowPrivate: true, timeoutMs: 5_000, agents: guardedAgents(true) },
      );
      expect(allowed).toMatchObject({ ok: true, status: 200 });
    } finally {
      await new Promise((r) => server.close(r));
    }
  });
});
