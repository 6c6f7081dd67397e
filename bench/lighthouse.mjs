// Lighthouse (pinned in bench/package.json) on a list of pages, in one headless Debian Chromium.
//
//   node bench/lighthouse.mjs '{"urls": [...], "chromePath": "/usr/bin/chromium", "chromeFlags": [...], "reportDir": ""}'
//
// Driven by bench/lighthouse_bench.py, which serves the site on 127.0.0.1. Mobile preset (Lighthouse's
// default config: phone screen, simulated slow 4G and 4x CPU slowdown), one run per page, each in a
// fresh browser profile (a first visit). Every host but 127.0.0.1 resolves to nothing, so no request can
// leave the machine. Prints one JSON line per page on stdout: scores, LCP, FCP, TBT, transfer, the
// audits that lost points, and any request to another host.
import {writeFileSync} from "node:fs";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";

const OFFLINE = "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1, EXCLUDE localhost";
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"];

function failing(lhr) {
  const audits = [];
  for (const id of CATEGORIES) {
    for (const ref of lhr.categories[id].auditRefs) {
      const audit = lhr.audits[ref.id];
      if (ref.weight > 0 && audit.score !== null && audit.score < 0.9) {
        const where = (audit.details?.items || []).slice(0, 3)
          .map((item) => item.node?.snippet || item.url || "").filter(Boolean);
        audits.push({category: id, id: ref.id, score: audit.score, weight: ref.weight,
                     title: audit.title, value: audit.displayValue || "", where});
      }
    }
  }
  return audits;
}

function summary(url, lhr) {
  const requests = lhr.audits["network-requests"]?.details?.items || [];
  const metric = (id) => lhr.audits[id]?.numericValue ?? null;
  const scores = {};
  for (const id of CATEGORIES) scores[id] = Math.round(lhr.categories[id].score * 100);
  return {
    url, scores,
    lcp_ms: metric("largest-contentful-paint"), fcp_ms: metric("first-contentful-paint"),
    tbt_ms: metric("total-blocking-time"), transfer_bytes: metric("total-byte-weight"),
    lcp_element: lhr.audits["largest-contentful-paint-element"]?.details?.items?.[0]?.items?.[0]?.node?.snippet ?? "",
    failing: failing(lhr),
    external: requests.map((r) => r.url).filter((u) => /^(https?|wss?):/.test(u) && new URL(u).hostname !== "127.0.0.1"),
    warnings: lhr.runWarnings,
    benchmark_index: lhr.environment?.benchmarkIndex ?? null,
  };
}

const job = JSON.parse(process.argv[2]);
// A fresh Chromium per page: one that hangs (a protocol timeout) cannot take the next pages with it.
for (const url of job.urls) {
  const chrome = await chromeLauncher.launch({chromePath: job.chromePath, chromeFlags: [...job.chromeFlags, OFFLINE]});
  try {
    const result = await lighthouse(url, {port: chrome.port, output: "json", logLevel: "error",
                                          onlyCategories: CATEGORIES, disableFullPageScreenshot: true,
                                          skipAudits: ["screenshot-thumbnails", "final-screenshot"]});
    if (job.reportDir) {  // the whole report, for a closer look (open it in the Lighthouse viewer)
      const slug = new URL(url).pathname.replace(/^\/|\/$/g, "").replace(/\//g, "-") || "index";
      writeFileSync(`${job.reportDir}/${slug}.json`, result.report);
    }
    console.log(JSON.stringify(summary(url, result.lhr)));
  } catch (error) {
    console.log(JSON.stringify({url, error: String(error)}));
  } finally {
    await chrome.kill();
  }
}
