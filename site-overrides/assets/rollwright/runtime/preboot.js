/**
 * Early start: included (async, in <head>) only on pages whose content has a widget,
 * so Python starts booting while the rest of the page is still parsing, instead of
 * after it. It shares the worker singleton with widgets.js (same module URLs).
 */

import { config } from "./config.js";
import { startPython } from "./worker-client.js";

if (config) startPython(config).catch(() => { /* each widget shows the failure when it mounts */ });
