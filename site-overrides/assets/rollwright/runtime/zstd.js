/**
 * Decoding the memory snapshot, which the build ships as zstd frames (macros/snapshot.py
 * `compress`): a quarter smaller than gzip, which a browser would undo natively (flagship: 4.06 MB
 * against 5.55 MB). The decoder is Zstandard's own, compiled to a 54 KB wasm (zstd-decoder.wasm;
 * see zstd-decoder.LICENSE.txt).
 *
 * The snapshot's first frame is small: it is decoded as soon as its bytes are in, while the rest
 * downloads, and by then the browser has compiled the decoder's hot code for speed (one long
 * call would run start to end in the baseline code, about twice as slow).
 *
 *   const decoding = new Decoding(await loadDecoder(), frames);  // frames: [[compressed, packed], ...]
 *   for (const chunk of body) decoding.push(chunk);             // each frame decoded once it is whole
 *   const packed = decoding.result();
 */

import { cachedResponse } from "./cached.js";

export const DECODER_URL = new URL("./zstd-decoder.wasm", import.meta.url).href;

/**
 * Download and compile the decoder (from the service worker's cache when it has it).
 * @param {AbortSignal} [signal]
 * @returns {Promise<WebAssembly.Module>}
 */
export async function loadDecoder(signal) {
  const response = (await cachedResponse(DECODER_URL)) ?? (await fetch(DECODER_URL, { signal }));
  if (!response.ok) throw new Error(`could not download the zstd decoder (HTTP ${response.status})`);
  // compile, not compileStreaming: the bytes are few, and no Content-Type has to be right
  return WebAssembly.compile(await response.arrayBuffer());
}

/**
 * Why a frame table cannot describe a download of `bytes` that unpacks to `packedBytes`, or null.
 * @param {unknown} frames
 * @param {number} bytes
 * @param {number} packedBytes
 * @returns {string|null}
 */
export function frameTableProblem(frames, bytes, packedBytes) {
  const sizes = Array.isArray(frames) ? frames.flat() : [];
  if (!Array.isArray(frames) || !frames.length || sizes.length !== 2 * frames.length
      || !sizes.every((size) => Number.isSafeInteger(size) && size > 0)) {
    return "the page config gives no zstd frame table for the memory snapshot";
  }
  const total = (/** @type {number} */ side) => frames.reduce((sum, frame) => sum + frame[side], 0);
  if (total(0) !== bytes || total(1) !== packedBytes) {
    return "the memory snapshot's zstd frames do not add up to its sizes";
  }
  return null;
}

/** One decode: the download goes straight into the decoder's memory, each frame decoded once whole. */
export class Decoding {
  /**
   * @param {WebAssembly.Module} decoder from loadDecoder
   * @param {number[][]} frames [compressed bytes, decoded bytes] per frame (checked: frameTableProblem)
   */
  constructor(decoder, frames) {
    this.frames = frames;
    const imports = { env: { emscripten_notify_memory_growth: () => {} } }; // views are made afresh
    this.zstd = /** @type {any} */ (new WebAssembly.Instance(decoder, imports).exports);
    this.inBytes = frames.reduce((sum, [bytes]) => sum + bytes, 0);
    this.outBytes = frames.reduce((sum, [, bytes]) => sum + bytes, 0);
    this.input = this.zstd.malloc(this.inBytes);
    this.output = this.zstd.malloc(this.outBytes);
    if (!this.input || !this.output) {
      throw new Error(`the zstd decoder could not allocate ${this.inBytes + this.outBytes} bytes`);
    }
    this.received = 0;
    this.decoded = 0; // frames
    this.inAt = 0;
    this.outAt = 0;
  }

  /**
   * Take the next piece of the download; decode every frame it completes.
   * @param {Uint8Array} chunk
   */
  push(chunk) {
    if (this.received + chunk.length > this.inBytes) {
      throw new Error(`the download is longer than the ${this.inBytes} bytes the build recorded`);
    }
    new Uint8Array(this.zstd.memory.buffer).set(chunk, this.input + this.received);
    this.received += chunk.length;
    while (this.decoded < this.frames.length && this.inAt + this.frames[this.decoded][0] <= this.received) {
      this.decodeFrame(...this.frames[this.decoded]);
    }
  }

  /**
   * @param {number} inBytes
   * @param {number} outBytes
   */
  decodeFrame(inBytes, outBytes) {
    const { zstd } = this;
    const at = this.input + this.inAt;
    const declared = Number(zstd.ZSTD_findDecompressedSize(at, inBytes));
    if (declared !== outBytes) {
      throw new Error(declared >= 2 ** 32 - 2 || zstd.ZSTD_isError(declared)
        ? `frame ${this.decoded + 1} is not a zstd frame with its size`
        : `frame ${this.decoded + 1} holds ${declared} bytes, not the ${outBytes} the build recorded`);
    }
    const written = zstd.ZSTD_decompress(this.output + this.outAt, outBytes, at, inBytes) >>> 0;
    if (zstd.ZSTD_isError(written) || written !== outBytes) {
      throw new Error(zstd.ZSTD_isError(written) ? `zstd found frame ${this.decoded + 1} corrupt`
        : `frame ${this.decoded + 1} gave ${written} bytes, not ${outBytes}`);
    }
    this.inAt += inBytes;
    this.outAt += outBytes;
    this.decoded += 1;
  }

  /**
   * Everything decoded, as a copy (the decoder's memory is let go with it).
   * @returns {Uint8Array}
   */
  result() {
    if (this.received !== this.inBytes || this.decoded !== this.frames.length) {
      throw new Error(`the download stopped after ${this.received} of ${this.inBytes} bytes`);
    }
    return new Uint8Array(this.zstd.memory.buffer, this.output, this.outBytes).slice();
  }
}
