import { constants, crc32, deflateRawSync } from "node:zlib";

/** gzip's header: deflate, no flags (no file name), no time, no extra flag (level 6), Unix. */
const header = [0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 3];

/**
 * One gzip member (RFC 1952) written a piece at a time: each piece deflated alone and ended on a
 * byte boundary (a full flush), the last block marked final, then the CRC-32 and the length. Only
 * the compressed bytes are kept, and a reader sees one stream (a browser's DecompressionStream
 * reads no more than one member). The same pieces give the same bytes on every machine.
 */
export function createGzipWriter(level = 6): { write(text: string): void; end(): Buffer } {
  const parts: Buffer[] = [Buffer.from(header)];
  let crc = 0;
  let size = 0;
  return {
    write(text) {
      const bytes = Buffer.from(text);
      crc = crc32(bytes, crc);
      size = (size + bytes.length) % 2 ** 32;
      parts.push(deflateRawSync(bytes, { level, finishFlush: constants.Z_FULL_FLUSH }));
    },
    end() {
      // An empty final block (Z_FINISH), then the trailer.
      parts.push(deflateRawSync(Buffer.alloc(0), { level }));
      const trailer = Buffer.alloc(8);
      trailer.writeUInt32LE(crc >>> 0, 0);
      trailer.writeUInt32LE(size, 4);
      parts.push(trailer);
      return Buffer.concat(parts);
    },
  };
}
