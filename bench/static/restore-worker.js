// Bench only: Pyodide's own loader given the build's memory snapshot (downloaded and unpacked by
// the site's runtime/snapshot.js), then one engine call through its JSON door.
import { EMPTY_ZIP_URL, fetchSnapshot } from "../assets/rollwright/runtime/snapshot.js";

self.addEventListener("message", async ({ data: { indexURL, snapshot, entryModule } }) => {
  const started = performance.now();
  try {
    const image = fetchSnapshot(snapshot, new AbortController().signal, "auto").then((bytes) => bytes.image);
    const { loadPyodide } = await import(`${indexURL}pyodide.mjs`);
    const pyodide = await loadPyodide({ indexURL, fullStdLib: false, stdLibURL: EMPTY_ZIP_URL, _loadSnapshot: image });
    const api = pyodide.pyimport(entryModule);
    const answer = JSON.parse(api.call_json("dice.dist", JSON.stringify({ notation: "2d6" })));
    if (!answer.ok) throw new Error(`dice.dist failed: ${answer.error.message}`);
    self.postMessage({ workerMs: performance.now() - started });
  } catch (error) {
    self.postMessage({ error: String(error?.message ?? error) });
  }
});
