import { isIPv4, isIPv6 } from 'node:net';

/**
 * The network a client is counted as. One IPv6 subscriber gets a whole /64
 * (often a /56 or /48), so keying a limit by the full IPv6 address gave every attacker 2^64
 * clients. Limits key IPv6 clients by their /64 and cast a wider net over the /48; IPv4 clients are
 * keyed by their address as before, and an IPv4-mapped IPv6 address (`::ffff:192.0.2.1`, what a
 * dual-stack socket reports for an IPv4 client) counts as that IPv4 address.
 *
 * The address itself is `req.ip`: the socket's peer, or what a proxy named in TRUST_PROXY says in
 * X-Forwarded-For (Fastify's trustProxy); a client that is not a trusted proxy cannot name its own.
 */
export interface ClientNet {
  /** The key of the client: the IPv4 address or the IPv6 /64 (`2001:db8:1:2::/64`). */
  client: string;
  /** The wider net for IPv6: the /48 (`2001:db8:1::/48`); null for IPv4. */
  wide: string | null;
}

/** How many times the per-client limit the /48 net allows (several subscribers may share a /48). */
export const WIDE_NET_FACTOR = 4;

/** The eight 16-bit groups of an IPv6 address, or null when it is not one. */
function ipv6Groups(ip: string): number[] | null {
  let text = ip.replace(/%.*$/, '');
  if (!isIPv6(text)) return null;
  // A trailing dotted IPv4 part (::ffff:1.2.3.4, 64:ff9b::1.2.3.4) becomes two groups.
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted[1]!.split('.').map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.includes('::') ? text.split('::') as [string, string] : [text, null];
  const parse = (s: string) => (s === '' ? [] : s.split(':').map((g) => parseInt(g, 16)));
  const left = parse(head);
  if (tail === null) return left;
  const right = parse(tail);
  return [...left, ...Array(8 - left.length - right.length).fill(0), ...right];
}

const hex = (groups: number[]) => groups.map((g) => g.toString(16)).join(':');

/** IPv4 address of an IPv4-mapped IPv6 address (::ffff:a.b.c.d), else null. */
function mappedIPv4(groups: number[]): string | null {
  if (groups.slice(0, 5).some((g) => g !== 0) || groups[5] !== 0xffff) return null;
  const [hi, lo] = [groups[6]!, groups[7]!];
  return `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;
}

/** The plain address for comparisons: IPv4-mapped IPv6 as IPv4, IPv6 in its canonical groups. */
export function normalizeIp(ip: string): string {
  if (isIPv4(ip)) return ip;
  const groups = ipv6Groups(ip);
  if (!groups) return ip;
  return mappedIPv4(groups) ?? hex(groups);
}

export function clientNet(ip: string): ClientNet {
  if (isIPv4(ip)) return { client: ip, wide: null };
  const groups = ipv6Groups(ip);
  if (!groups) return { client: ip, wide: null };
  const v4 = mappedIPv4(groups);
  if (v4) return { client: v4, wide: null };
  return {
    client: `${hex(groups.slice(0, 4))}::/64`,
    wide: `${hex([...groups.slice(0, 3)])}::/48`,
  };
}

/** What request log lines show of a client: the IPv4 address or the IPv6 /64. */
export const clientLabel = (ip: string) => clientNet(ip).client;
