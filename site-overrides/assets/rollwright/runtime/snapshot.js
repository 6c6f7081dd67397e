/**
 * The memory snapshot, seen from the Python worker (worker.js): decide whether this
 * build's snapshot can be used, download it, and decompress it.
 *
 * The site build (macros/snapshot.py) saves Pyodide's memory with the engine imported and
 * ships it packed and zstd-compressed; restoring it replaces booting Python and importing the engine. A
 * snapshot only fits the exact Pyodide build that made it, and its format is private to
 * Pyodide, so every problem here is a {@link SnapshotUnusable} with a reason, and the
 * worker then boots Python the normal way.
 */

import { cachedResponse } from "./cached.js";
import { checksum, dataSegments, xorSegments } from "./wasm-data.js";
import { Decoding, frameTableProblem, loadDecoder } from "./zstd.js";

/**
 * An empty zip archive as a data: URL. Pyodide always installs a standard-library zip before
 * Python starts; after a restore, every module the engine needs is in memory already, so the
 * real zip (python_stdlib.zip) is only downloaded if Python ever asks for a module that is not.
 */
export const EMPTY_ZIP_URL = "data:application/zip;base64,UEsFBgAAAAAAAAAAAAAAAAAAAAAAAA==";

/** @typedef {{url: string, bytes: number, frames: number[][], rawBytes: number, packedBytes: number,
 *   pyodide: string, sha256?: string, stdlib?: {url: string, bytes: number}|null}} SnapshotInfo
 * bytes: the shipped file; frames: its zstd frames, [compressed, decompressed] bytes each (zstd.js);
 * rawBytes: Python's memory; packedBytes: the shipped form, decompressed (see unpack); stdlib: the
 * small standard library listed with it, which a normal boot of the same Pyodide needs (worker.js). */

/**
 * A response header set by the site's service worker (runtime/service-worker.js), which keeps
 * the snapshot decompressed: the body is then read as it is.
 */
export const INFLATED = "X-Rollwright-Inflated";

/** Why the snapshot cannot be used (the worker reports this and boots normally). */
export class SnapshotUnusable extends Error {
  /** @param {string} message */
  constructor(message) {
    super(message);
    this.name = "SnapshotUnusable";
  }
}

/**
 * Why this snapshot does not fit this Pyodide, or null when it does.
 * @param {SnapshotInfo|null|undefined} info the page config's snapshot entry
 * @param {string} pyodideVersion the Pyodide the site ships (page config), or the `version` exported
 *   by the pyodide.mjs that was loaded
 * @returns {string|null}
 */
export function incompatibility(info, pyodideVersion) {
  if (!info || typeof info.url !== "string" || !info.url) return "this build ships no memory snapshot";
  if (!(Number(info.rawBytes) > 0) || !(Number(info.packedBytes) > 0)) {
    return "the page config gives no size for the memory snapshot";
  }
  if (info.pyodide !== pyodideVersion) {
    return `the memory snapshot was made with Pyodide ${info.pyodide}, but this is Pyodide ${pyodideVersion}`;
  }
  return null;
}

/**
 * Read a packed snapshot back (macros/snapshot.py `pack`): a 16-byte header (magic "RWS1" or
 * "RWS2", page size, size, page count, little-endian), for "RWS2" 12 bytes more (where the wasm
 * memory starts in the image, the byte count and CRC-32 of the wasm's data segments), one bit per
 * page (set: the page follows), then the pages that are not all zeros. Zero pages stay zero in
 * the new buffer; for "RWS2", the wasm's data segments are then XORed back in.
 * @param {Uint8Array} packed
 * @param {number} rawBytes the size the build recorded
 * @param {Uint8Array|null} wasm pyodide.asm.wasm, which an "RWS2" snapshot needs
 * @returns {Uint8Array}
 */
export function unpack(packed, rawBytes, wasm = null) {
  const view = new DataView(packed.buffer, packed.byteOffset, packed.byteLength);
  const magic = String.fromCharCode(...packed.subarray(0, 4));
  if (packed.length < 16 || (magic !== "RWS1" && magic !== "RWS2")) {
    throw new SnapshotUnusable("the memory snapshot is not in Rollwright's packed form");
  }
  const [page, size, count] = [view.getUint32(4, true), view.getUint32(8, true), view.getUint32(12, true)];
  if (size !== rawBytes || page === 0 || count !== Math.ceil(size / page)) {
    throw new SnapshotUnusable(`the memory snapshot's header does not match the ${rawBytes} bytes the build recorded`);
  }
  const delta = magic === "RWS2" ? wasmDelta(packed, view, wasm) : null;
  const start = delta ? 28 : 16;
  const image = new Uint8Array(size);
  const present = (index) => (packed[start + (index >> 3)] >> (index & 7)) & 1;
  let offset = start + Math.ceil(count / 8);
  for (let index = 0; index < count;) {
    if (!present(index)) { index += 1; continue; }
    let end = index + 1; // pages that follow one another are copied in one piece
    while (end < count && present(end)) end += 1;
    const length = Math.min(end * page, size) - index * page;
    if (offset + length > packed.length) throw new SnapshotUnusable("the memory snapshot is cut short");
    image.set(packed.subarray(offset, offset + length), index * page);
    offset += length;
    index = end;
  }
  if (offset !== packed.length) throw new SnapshotUnusable("the memory snapshot has bytes to spare");
  if (delta) {
    try {
      xorSegments(image, delta.base, delta.segments);
    } catch (error) {
      throw new SnapshotUnusable(`the memory snapshot does not fit this wasm's data (${describe(error)})`);
    }
  }
  return image;
}

/**
 * The wasm data an "RWS2" snapshot was packed against, checked against what its header recorded.
 * @param {Uint8Array} packed
 * @param {DataView} view
 * @param {Uint8Array|null} wasm
 * @returns {{base: number, segments: import("./wasm-data.js").Segment[]}}
 */
function wasmDelta(packed, view, wasm) {
  if (packed.length < 28) throw new SnapshotUnusable("the memory snapshot is cut short");
  if (!wasm) throw new SnapshotUnusable("the memory snapshot needs Pyodide's wasm, which could not be read");
  const [base, bytes, crc] = [view.getUint32(16, true), view.getUint32(20, true), view.getUint32(24, true)];
  const segments = dataSegments(wasm);
  const total = segments ? segments.reduce((sum, segment) => sum + segment.bytes.length, 0) : -1;
  if (!segments || total !== bytes || checksum(segments) !== crc) {
    throw new SnapshotUnusable("the memory snapshot was made against another wasm than the one downloaded");
  }
  return { base, segments };
}

/**
 * A response body as bytes, refused unless it has exactly `size` bytes (the service worker's
 * decompressed copy, see INFLATED).
 * @param {Response} response
 * @param {number} size
 * @returns {Promise<Uint8Array>}
 */
async function readExactly(response, size) {
  const bytes = new Uint8Array(await response.arrayBuffer());
  if (bytes.length !== size) {
    throw new SnapshotUnusable(`the memory snapshot has ${bytes.length} bytes, not the ${size} the build recorded`);
  }
  return bytes;
}

/**
 * The shipped snapshot's zstd frames, decoded as they arrive (zstd.js): each frame's checksum
 * catches a corrupted download, and the frame table (page config) its size.
 * @param {Response} response
 * @param {SnapshotInfo} info
 * @param {Promise<WebAssembly.Module>} decoder compiling while the body downloads
 * @returns {Promise<Uint8Array>}
 */
async function decodeDownload(response, info, decoder) {
  decoder.catch(() => {}); // reported below, unless the frame table is refused first
  const problem = frameTableProblem(info.frames, Number(info.bytes), Number(info.packedBytes));
  if (problem) throw new SnapshotUnusable(problem);
  let module;
  try {
    module = await decoder;
  } catch (error) {
    throw new SnapshotUnusable(`the memory snapshot's decoder could not be loaded (${describe(error)})`);
  }
  const decoding = new Decoding(module, /** @type {number[][]} */ (info.frames));
  const reader = /** @type {ReadableStream<Uint8Array>} */ (response.body).getReader();
  for (let read = await reader.read(); !read.done; read = await reader.read()) decoding.push(read.value);
  return decoding.result();
}

/**
 * Download the snapshot and decode it as it arrives, then unpack it. From the service worker's
 * cache (read directly, see cached.js) it comes decompressed already when this worker handed it
 * over on a first visit (handoff.js), as it was shipped otherwise.
 * @param {SnapshotInfo} info
 * @param {AbortSignal} signal stops the download
 * @param {RequestPriority} priority "low" from the network, after the page's own files
 * @param {Promise<Uint8Array>} wasm pyodide.asm.wasm's bytes, downloading (early-wasm.js)
 * @returns {Promise<{image: Uint8Array, packed: Uint8Array}>} Python's memory, and the packed form
 */
export async function fetchSnapshot(info, signal, priority, wasm) {
  let response;
  try {
    response = (await cachedResponse(new URL(info.url, self.location.href).href))
      ?? (await fetch(info.url, { signal, priority }));
  } catch (error) {
    throw new SnapshotUnusable(`the memory snapshot could not be downloaded (${describe(error)})`);
  }
  if (!response.ok || !response.body) {
    throw new SnapshotUnusable(`the memory snapshot could not be downloaded (HTTP ${response.status})`);
  }
  let packed;
  try {
    // The decoder (54 KB) loads while the body downloads; a decompressed copy needs none.
    packed = response.headers.get(INFLATED) === "1"
      ? await readExactly(response, Number(info.packedBytes))
      : await decodeDownload(response, info, loadDecoder(signal));
  } catch (error) {
    if (error instanceof SnapshotUnusable) throw error;
    throw new SnapshotUnusable(`the memory snapshot could not be decompressed (${describe(error)})`);
  }
  let wasmBytes = null;
  try {
    wasmBytes = await wasm;
  } catch {
    // unpack says why it cannot go on, if it needs them (an RWS2 snapshot)
  }
  return { image: unpack(packed, Number(info.rawBytes), wasmBytes), packed };
}

/**
 * A short message from anything thrown: an Error's message, a failed Response's status and
 * address, an Event's type and file, an object's `message` or its JSON; never "[object Object]".
 * @param {unknown} error
 * @returns {string}
 */
export function describe(error) {
  let text;
  if (error instanceof Error) text = error.message;
  else if (typeof Response !== "undefined" && error instanceof Response) text = `HTTP ${error.status} for ${error.url}`;
  else if (typeof Event !== "undefined" && error instanceof Event) {
    const where = /** @type {any} */ (error).filename || /** @type {any} */ (error).target?.url || "";
    text = [/** @type {any} */ (error).message || `${error.type} event`, where].filter(Boolean).join(" in ");
  } else if (error && typeof error === "object") {
    const object = /** @type {any} */ (error);
    if (typeof object.message === "string" && object.message) text = object.message;
    else {
      try { text = JSON.stringify(object); } catch { text = ""; }
      if (!text || text === "{}") text = `${object.constructor?.name || "an object"} with no message`;
    }
  } else text = String(error ?? "");
  return (text || "unknown error").split("\n").filter(Boolean).slice(0, 2).join(" ").trim().slice(0, 300);
}
