import { describe, expect, it } from 'vitest';
import { clientAddressKey } from './client-address.js';

describe('clientAddressKey', () => {
  it('keeps IPv4 addresses whole', () => {
    expect(clientAddressKey('203.0.113.7')).toBe('203.0.113.7');
    expect(clientAddressKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(clientAddressKey('::FFFF:198.51.100.9')).toBe('198.51.100.9');
  });

  it('counts an IPv6 address by its /64, however it is written', () => {
    const key = '2001:db8:0:1::/64';
    for (const a of [
      '2001:db8:0:1::1',
      '2001:db8:0:1:ffff:ffff:ffff:ffff',
      '2001:0db8:0000:0001:0000:0000:0000:0002',
      '2001:DB8:0:1:a:b:c:d',
      'fe80::1%eth0'.replace('fe80::1', '2001:db8:0:1::9'),
    ])
      expect(clientAddressKey(a), a).toBe(key);
    expect(clientAddressKey('2001:db8:0:2::1')).toBe('2001:db8:0:2::/64');
    expect(clientAddressKey('::1')).toBe('0:0:0:0::/64');
    expect(clientAddressKey('64:ff9b::192.0.2.1')).toBe('64:ff9b:0:0::/64');
  });

  it('leaves anything else as given', () => {
    expect(clientAddressKey('')).toBe('');
    expect(clientAddressKey('not an address')).toBe('not an address');
  });
});
