// Test helper (tests/site/test_snapshot_unpack.py): unpack packed snapshots with the site's own
// runtime/snapshot.js under Node. Reads a JSON list of {packed: base64, rawBytes, wasm?: base64} on stdin and
// prints a JSON list of {sha256} or {error} in the same order.
import { createHash } from "node:crypto";
import { unpack } from "../../site-overrides/assets/rollwright/runtime/snapshot.js";

let input = "";
for await (const chunk of process.stdin) input += chunk;
const answers = JSON.parse(input).map(({ packed, rawBytes, wasm }) => {
  try {
    const wasmBytes = wasm ? new Uint8Array(Buffer.from(wasm, "base64")) : null;
    const image = unpack(new Uint8Array(Buffer.from(packed, "base64")), rawBytes, wasmBytes);
    return { sha256: createHash("sha256").update(image).digest("hex") };
  } catch (error) {
    return { error: `${error.name}: ${error.message}` };
  }
});
process.stdout.write(JSON.stringify(answers));
