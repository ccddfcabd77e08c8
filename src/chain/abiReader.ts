import { getAddress } from "viem";

/**
 * Bounds-checked reads of ABI-encoded data (32-byte words) straight from a Buffer. The sync
 * decodes hundreds of thousands of getSession results; viem's general decoder converts hex to
 * bytes and back for every field, which made decoding the slowest part of a backfill. These
 * readers cover the few fixed layouts the indexer reads and are tested against viem's encoder.
 */
export class AbiDecodeError extends Error {
  override name = "AbiDecodeError";
}

const word = 32;

export function hexToBuffer(hex: string): Buffer {
  if (!/^0x([0-9a-fA-F]{2})*$/.test(hex))
    throw new AbiDecodeError("not an even-length 0x-prefixed hex string");
  return Buffer.from(hex.slice(2), "hex");
}

function checkWord(data: Uint8Array, offset: number): void {
  if (!Number.isSafeInteger(offset) || offset < 0 || offset + word > data.length) {
    throw new AbiDecodeError(`word at ${offset} is outside ${data.length} bytes`);
  }
}

/** An unsigned integer of at most `bits` bits (the high bytes must be zero). */
export function readUint(data: Uint8Array, offset: number, bits = 256): bigint {
  checkWord(data, offset);
  const zeroBytes = word - bits / 8;
  for (let i = offset; i < offset + zeroBytes; i++) {
    if (data[i] !== 0) throw new AbiDecodeError(`value at ${offset} does not fit uint${bits}`);
  }
  let value = 0n;
  for (let i = offset + zeroBytes; i < offset + word; i++) value = (value << 8n) | BigInt(data[i] as number);
  return value;
}

/** A small unsigned integer (offsets, lengths, timestamps): at most 2^48 - 1. */
export function readSmall(data: Uint8Array, offset: number): number {
  checkWord(data, offset);
  for (let i = offset; i < offset + word - 6; i++) {
    if (data[i] !== 0) throw new AbiDecodeError(`value at ${offset} is too large`);
  }
  let value = 0;
  for (let i = offset + word - 6; i < offset + word; i++) value = value * 256 + (data[i] as number);
  return value;
}

/** An address (the high 12 bytes must be zero), EIP-55 checksummed. */
export function readAddress(data: Uint8Array, offset: number): string {
  return getAddress(`0x${readUint(data, offset, 160).toString(16).padStart(40, "0")}`);
}

export function readBool(data: Uint8Array, offset: number): boolean {
  const value = readSmall(data, offset);
  if (value > 1) throw new AbiDecodeError(`value at ${offset} is not a bool`);
  return value === 1;
}

/** bytes32 as lowercase 0x hex. */
export function readBytes32(data: Uint8Array, offset: number): string {
  checkWord(data, offset);
  return `0x${Buffer.from(data.buffer, data.byteOffset + offset, word).toString("hex")}`;
}

/** Dynamic `bytes` whose offset word sits at `headOffset`, relative to `base`. */
export function readDynamicBytes(data: Uint8Array, base: number, headOffset: number): Uint8Array {
  const start = base + readSmall(data, headOffset);
  const length = readSmall(data, start);
  const from = start + word;
  if (from + length > data.length)
    throw new AbiDecodeError(`bytes of ${length} at ${start} overrun the data`);
  return data.subarray(from, from + length);
}
