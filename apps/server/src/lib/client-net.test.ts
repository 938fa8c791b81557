import { describe, expect, it } from 'vitest';
import { clientNet, normalizeIp } from './client-net.js';

describe('clientNet', () => {
  it('IPv4 as the address, no wider net', () => {
    expect(clientNet('203.0.113.7')).toEqual({ client: '203.0.113.7', wide: null });
  });
  it('IPv6 by /64 with the /48 as the wider net, whatever the spelling', () => {
    const expected = { client: '2001:db8:1:2::/64', wide: '2001:db8:1::/48' };
    expect(clientNet('2001:db8:1:2::1')).toEqual(expected);
    expect(clientNet('2001:0db8:0001:0002:ffff:ffff:ffff:ffff')).toEqual(expected);
    expect(clientNet('2001:DB8:1:2:a:b:c:d')).toEqual(expected);
    expect(clientNet('2001:db8:1:2::1%eth0')).toEqual(expected);
    expect(clientNet('::1')).toEqual({ client: '0:0:0:0::/64', wide: '0:0:0::/48' });
  });
  it('IPv4-mapped IPv6 as IPv4, dotted or hex', () => {
    expect(clientNet('::ffff:192.0.2.1')).toEqual({ client: '192.0.2.1', wide: null });
    expect(clientNet('::ffff:c000:201')).toEqual({ client: '192.0.2.1', wide: null });
    expect(normalizeIp('::ffff:127.0.0.1')).toBe('127.0.0.1');
  });
  it('anything else is kept as it is', () => {
    expect(clientNet('unknown')).toEqual({ client: 'unknown', wide: null });
  });
});
