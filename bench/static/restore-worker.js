// Bench only: Pyodide's own loader given the build's memory snapshot (downloaded and unpacked by
// the site's runtime/snapshot.js), then one engine call through its JSON door. The wasm is
// downloaded once (runtime/early-wasm.js): compiled from it and read for the data the snapshot
// is packed against, as the site's worker does; nothing else of the site's boot order is used.
import { compileEarly, lend } from "../assets/rollwright/runtime/early-wasm.js";
import { EMPTY_ZIP_URL, fetchSnapshot } from "../assets/rollwright/runtime/snapshot.js";

/** Epoch ms, as the site worker's timeline (runtime/timeline.js), so the bench can put the two side by side. */
const clock = () => Math.round(performance.timeOrigin + performance.now());
const at = { workerStart: clock() };

self.addEventListener("message", async ({ data: { indexURL, snapshot, entryModule } }) => {
  const started = performance.now();
  try {
    const absoluteIndex = new URL(indexURL, self.location.href).href;
    const wasm = compileEarly(absoluteIndex, "auto");
    wasm.bytes.then(() => { at.wasm = clock(); }, () => {});
    wasm.module.then(() => { at.compiled = clock(); }, () => {});
    const image = fetchSnapshot(snapshot, new AbortController().signal, "auto", wasm.bytes)
      .then((bytes) => { at.snapshot = clock(); return bytes.image; });
    const { loadPyodide } = await import(`${absoluteIndex}pyodide.mjs`);
    const pyodide = await lend(wasm, () => loadPyodide({ indexURL: absoluteIndex, fullStdLib: false,
      stdLibURL: EMPTY_ZIP_URL, _loadSnapshot: image }));
    at.python = clock();
    const api = pyodide.pyimport(entryModule);
    const answer = JSON.parse(api.call_json("dice.dist", JSON.stringify({ notation: "2d6" })));
    if (!answer.ok) throw new Error(`dice.dist failed: ${answer.error.message}`);
    self.postMessage({ workerMs: performance.now() - started, at });
  } catch (error) {
    self.postMessage({ error: String(error?.message ?? error) });
  }
});
