/**
 * The bytes Pyodide's wasm writes into its memory as it starts (its active data segments), read
 * from the wasm file the worker downloads anyway (early-wasm.js).
 *
 * The build XORs them out of the memory snapshot, since most of them are unchanged after Python
 * has booted (macros/wasm_data.py, snapshot.py `pack`); snapshot.js `unpack` XORs them back in.
 * Only the plain form is read: active segments at a constant address in memory 0; anything else
 * gives null, and the build never makes such a snapshot for such a wasm.
 */

/** @typedef {{address: number, bytes: Uint8Array}} Segment */

const DATA_SECTION = 11;
const I32_CONST = 0x41;
const END = 0x0b;

/**
 * Read an unsigned (or signed) LEB128 number.
 * @param {Uint8Array} bytes
 * @param {number} at
 * @param {boolean} signed
 * @returns {[number, number]} the value and the position after it
 */
function leb(bytes, at, signed = false) {
  let value = 0;
  let shift = 0;
  let byte;
  do {
    if (at >= bytes.length) throw new RangeError("the wasm ends inside a number");
    byte = bytes[at++];
    value += (byte & 0x7f) * 2 ** shift;
    shift += 7;
  } while (byte & 0x80);
  if (signed && byte & 0x40) value -= 2 ** shift;
  return [value, at];
}

/**
 * The active data segments of a wasm module, or null if any is not in the plain form.
 * @param {Uint8Array} wasm
 * @returns {Segment[]|null}
 */
export function dataSegments(wasm) {
  if (wasm.length < 8 || wasm[0] !== 0 || wasm[1] !== 0x61 || wasm[2] !== 0x73 || wasm[3] !== 0x6d) return null;
  const segments = [];
  try {
    for (let at = 8; at < wasm.length;) {
      const section = wasm[at];
      const [size, body] = leb(wasm, at + 1);
      if (section === DATA_SECTION) {
        let [count, cursor] = leb(wasm, body);
        for (; count > 0; count -= 1) {
          let flags, address, length;
          [flags, cursor] = leb(wasm, cursor);
          if (flags === 1) { // passive: written only when the code asks
            [length, cursor] = leb(wasm, cursor);
            cursor += length;
            continue;
          }
          if (flags !== 0 || wasm[cursor] !== I32_CONST) return null;
          [address, cursor] = leb(wasm, cursor + 1, true);
          if (wasm[cursor] !== END || address < 0) return null;
          [length, cursor] = leb(wasm, cursor + 1);
          if (cursor + length > wasm.length) return null;
          segments.push({ address, bytes: wasm.subarray(cursor, cursor + length) });
          cursor += length;
        }
      }
      at = body + size;
    }
  } catch (error) {
    if (error instanceof RangeError) return null;
    throw error;
  }
  return segments;
}

/** @type {Uint32Array|null} */
let crcTable = null;

/**
 * CRC-32 of the segments' bytes in order (zlib's, as macros/wasm_data.py `checksum`).
 * @param {Segment[]} segments
 * @returns {number} unsigned
 */
export function checksum(segments) {
  if (!crcTable) {
    crcTable = new Uint32Array(256);
    for (let n = 0; n < 256; n += 1) {
      let c = n;
      for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
      crcTable[n] = c >>> 0;
    }
  }
  let crc = 0xffffffff;
  for (const { bytes } of segments) {
    for (let i = 0; i < bytes.length; i += 1) crc = crcTable[(crc ^ bytes[i]) & 0xff] ^ (crc >>> 8);
  }
  return (crc ^ 0xffffffff) >>> 0;
}

/**
 * XOR each segment into `image` at `base` + its address (the build did the same; twice undoes it).
 * @param {Uint8Array} image
 * @param {number} base where the wasm memory starts in the image
 * @param {Segment[]} segments
 */
export function xorSegments(image, base, segments) {
  for (const { address, bytes } of segments) {
    const start = base + address;
    if (start + bytes.length > image.length) throw new RangeError("a data segment lies outside the image");
    for (let i = 0; i < bytes.length; i += 1) image[start + i] ^= bytes[i];
  }
}
