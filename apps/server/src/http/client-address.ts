import { isIPv4, isIPv6 } from 'node:net';

/**
 * The client address that the per-address limits count (sign-in, live-status streams, sockets).
 * An IPv4 address is itself (also when a dual-stack socket names it `::ffff:a.b.c.d`). An IPv6
 * address counts as its /64: a provider hands each subscriber (a home, a server) a whole /64 or
 * more, and any of its 2^64 addresses is theirs to use, so a limit per full address let one
 * client through it once per address it chose.
 */
export function clientAddressKey(ip: string): string {
  const address = ip.split('%')[0] ?? ip;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (mapped && isIPv4(mapped)) return mapped;
  if (!isIPv6(address)) return address;
  const [head = '', tail] = address.split('::');
  const headGroups = head ? head.split(':') : [];
  const tailGroups = tail ? tail.split(':') : [];
  // An IPv4 tail (::1.2.3.4) stands for two groups.
  const groupsIn = (groups: string[]) =>
    groups.reduce((sum, group) => sum + (group.includes('.') ? 2 : 1), 0);
  const zeros = tail === undefined ? 0 : 8 - groupsIn(headGroups) - groupsIn(tailGroups);
  const groups = [...headGroups, ...Array<string>(zeros).fill('0'), ...tailGroups];
  const prefix = groups.slice(0, 4).map((group) => parseInt(group, 16).toString(16));
  return `${prefix.join(':')}::/64`;
}
