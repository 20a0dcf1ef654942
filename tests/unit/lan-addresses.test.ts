import type { NetworkInterfaceInfo } from 'node:os';
import { describe, expect, it } from 'vitest';
import { lanUrls } from '../../src/server/lib/lan-addresses';

const address = (ip: string, family: 'IPv4' | 'IPv6', internal = false) =>
  ({ address: ip, family, internal, netmask: '', mac: '', cidr: null }) as NetworkInterfaceInfo;

describe('lanUrls', () => {
  it('lists every non-internal IPv4 address once, as the URL other PCs open', () => {
    const urls = lanUrls(
      {
        lo: [address('127.0.0.1', 'IPv4', true), address('::1', 'IPv6', true)],
        eth0: [address('192.168.1.20', 'IPv4'), address('fe80::1', 'IPv6')],
        wlan0: [address('10.0.0.7', 'IPv4')],
        docker0: [address('192.168.1.20', 'IPv4')],
        down: undefined,
      },
      3000,
    );
    expect(urls).toEqual(['http://192.168.1.20:3000', 'http://10.0.0.7:3000']);
  });

  it('is empty on a machine with no network', () => {
    expect(lanUrls({ lo: [address('127.0.0.1', 'IPv4', true)] }, 3000)).toEqual([]);
  });
});
