/**
 * Whether a copy is this build's file, for the service worker (a classic script, imported by the site's
 * `sw.js` before runtime/service-worker.js, whose globals it uses once they exist: `keyOf`, `tellWindows`).
 *
 * A downloaded file is kept only when its bytes are the build's (SHA-256 and length from `sw.js`), and a
 * cached copy is checked again when it is served: a torn write or a disk fault is dropped, so it is fetched
 * anew, and the tabs are told (`rollwright-healed`).
 */

const INFLATED = "X-Rollwright-Inflated";
/** Files up to this size are hashed when served from the cache; a larger one has its length checked. */
const HASH_UP_TO = 2 * 1024 * 1024;

/**
 * Whether these bytes are this build's file.
 * @param {ArrayBuffer} body
 * @param {FileInfo} info
 */
async function matches(body, info) {
  if (info.sha256 === null) return true;
  if (body.byteLength !== info.bytes) return false;
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", body));
  return Array.from(digest, (b) => b.toString(16).padStart(2, "0")).join("") === info.sha256;
}

/**
 * A stored copy of a body with the one header that matters to its readers.
 * @param {ArrayBuffer} body
 * @param {Headers} headers
 * @param {boolean} [inflated] the body is a compressed file, kept decompressed
 */
function stored(body, headers, inflated = false) {
  const type = inflated ? "application/octet-stream" : headers.get("Content-Type");
  const kept = type ? { "Content-Type": type } : {};
  if (inflated) kept[INFLATED] = "1";
  return new Response(body, { status: 200, headers: kept });
}

/**
 * The response to keep for a file (unread: its body is checked on a copy), or null when its
 * bytes are not this build's. The Python worker's decompressed copy of a file with `raw` (the
 * memory snapshot, handed off on a first visit) is checked against `raw`; a compressed one is kept
 * as it came (there is no zstd decoder here: the Python worker decodes it when it reads it).
 * A file is kept as the response itself, not as a copy made here: the browser keeps the
 * compiled code of a script with a response it downloaded (pyodide.asm.mjs: imported in about
 * 9 ms from such a copy, 25 ms from one made here), never with one a script constructed.
 * @param {Response} response
 * @param {FileInfo} info
 * @returns {Promise<Response|null>}
 */
async function checked(response, info) {
  const { headers } = response;
  const body = await response.clone().arrayBuffer();
  if (info.raw && headers.get(INFLATED) === "1") {
    return (await matches(body, info.raw)) ? stored(body, headers, true) : null;
  }
  if (!(await matches(body, info))) return null;
  return response.redirected ? stored(body, headers) : response;
}

/** Cache keys of large files whose copy was checked since this service worker started (checked once). */
const verified = new Set();

/**
 * Whether a cached copy is still the file it was when kept: a torn write or a disk fault cuts or
 * changes it. Small files are hashed; a large one (the wasm, the snapshot) has its length checked,
 * which catches a cut copy without hashing megabytes on every visit.
 * @param {Response} cached
 * @param {FileInfo} info
 */
async function intact(cached, info) {
  if (info.sha256 === null) return true;
  const want = info.raw && cached.headers.get(INFLATED) === "1" ? info.raw : info;
  const body = await cached.clone().arrayBuffer();
  if (body.byteLength !== want.bytes) return false;
  return want.bytes > HASH_UP_TO || matches(body, want);
}

/**
 * This build's cached copy of a file, checked each time it is served (a large file once per service
 * worker's life): a damaged copy is dropped (the caller fetches the file again) and the open tabs are told.
 * @param {Cache} cache
 * @param {string} path
 * @param {FileInfo|undefined} info
 * @returns {Promise<Response|undefined>}
 */
async function cachedCopy(cache, path, info) {
  const key = keyOf(path);
  const cached = await cache.match(key);
  if (!cached || !info || verified.has(key)) return cached;
  if (await intact(cached, info)) {
    if (info.bytes !== null && info.bytes > HASH_UP_TO) verified.add(key);
    return cached;
  }
  await cache.delete(key);
  await tellWindows({ type: "rollwright-healed", path });
  return undefined;
}
