// Test helper (tests/site/test_zstd_decoder.py): decode zstd frames with the site's own runtime/zstd.js
// under Node. Reads a JSON list of {data: base64, frames, bytes, packedBytes, chunk} on stdin (the download
// pushed `chunk` bytes at a time) and prints a JSON list of {sha256, bytes} or {error} in the same order.
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { DECODER_URL, Decoding, frameTableProblem } from "../../site-overrides/assets/rollwright/runtime/zstd.js";

const decoder = await WebAssembly.compile(readFileSync(fileURLToPath(DECODER_URL)));
let input = "";
for await (const chunk of process.stdin) input += chunk;
const answers = JSON.parse(input).map(({ data, frames, bytes, packedBytes, chunk }) => {
  try {
    const problem = frameTableProblem(frames, bytes, packedBytes);
    if (problem) return { error: problem };
    const download = new Uint8Array(Buffer.from(data, "base64"));
    const decoding = new Decoding(decoder, frames);
    for (let at = 0; at < download.length; at += chunk) decoding.push(download.subarray(at, at + chunk));
    const out = decoding.result();
    return { sha256: createHash("sha256").update(out).digest("hex"), bytes: out.length };
  } catch (error) {
    return { error: error.message };
  }
});
process.stdout.write(JSON.stringify(answers));
