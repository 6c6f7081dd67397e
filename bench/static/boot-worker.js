// Bench only: the bare minimum Rollwright's worker does before the engine, timed.
self.addEventListener("message", async ({ data: { indexURL } }) => {
  const started = performance.now();
  try {
    const { loadPyodide } = await import(`${indexURL}pyodide.mjs`);
    await loadPyodide({ indexURL });
    self.postMessage({ workerMs: performance.now() - started });
  } catch (error) {
    self.postMessage({ error: String(error) });
  }
});
