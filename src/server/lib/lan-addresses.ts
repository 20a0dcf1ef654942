import type { NetworkInterfaceInfo } from 'node:os';

/**
 * The addresses other PCs of the office should open: `http://<ip>:<port>` for each IPv4 address of
 * this machine that is not internal (loopback), in the order the system lists them, without repeats.
 */
export function lanUrls(interfaces: NodeJS.Dict<NetworkInterfaceInfo[]>, port: number): string[] {
  const urls = Object.values(interfaces)
    .flatMap((addresses) => addresses ?? [])
    .filter((address) => address.family === 'IPv4' && !address.internal)
    .map((address) => `http://${address.address}:${port}`);
  return [...new Set(urls)];
}
