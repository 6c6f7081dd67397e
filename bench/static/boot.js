// Bench only: start one module worker that boots Pyodide, and record when it is up.
// The Pyodide folder (relative to the site root) comes in the query: ?index=assets/pyodide/<v>/
const params = new URLSearchParams(location.search);
const indexURL = new URL(`../${params.get("index")}`, import.meta.url).href;
const worker = new Worker(new URL("./boot-worker.js", import.meta.url), { type: "module" });
worker.addEventListener("message", ({ data }) => {
  window.__bootDone = { pageMs: performance.now(), ...data };
  document.getElementById("status").textContent = data.error ? `Failed: ${data.error}` : "Pyodide is up";
});
worker.postMessage({ indexURL });
