// Bench only: start one module worker that restores the build's snapshot; record when it answers.
// Query: ?index=assets/pyodide/<v>/&page=facade/basic-rules/ (a page whose config names the snapshot).
const params = new URLSearchParams(location.search);
const root = new URL("../", import.meta.url);
const html = await (await fetch(new URL(params.get("page"), root))).text();
const configText = new DOMParser().parseFromString(html, "text/html").getElementById("rw-config")?.textContent;
const config = configText ? JSON.parse(configText) : null;
const report = (data) => {
  window.__bootDone = { pageMs: performance.now(), ...data };
  document.getElementById("status").textContent = data.error ? `Failed: ${data.error}` : "Python answered";
};
if (!config?.snapshot) {
  report({ error: `no snapshot in the config of ${params.get("page")}` });
} else {
  const worker = new Worker(new URL("./restore-worker.js", import.meta.url), { type: "module" });
  worker.addEventListener("message", ({ data }) => report(data));
  worker.postMessage({
    indexURL: new URL(params.get("index"), root).href,
    snapshot: { ...config.snapshot, url: new URL(config.snapshot.url, root).href },
    entryModule: config.snapshot.entryModule,
  });
}
