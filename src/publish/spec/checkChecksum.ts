import { getAddress } from "viem";

/** A provider address in its EIP-55 checksummed form (SPEC.md: Identifiers). */
export function checkChecksum(where: string, address: string): string[] {
  let checksummed: string;
  try {
    checksummed = getAddress(address);
  } catch {
    return [`${where} ${address} is not an address`];
  }
  return checksummed === address ? [] : [`${where} ${address} is not EIP-55 checksummed (${checksummed})`];
}
