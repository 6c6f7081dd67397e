/**
 * What a widget or an inline roll needs only once it has answered: its roll link (./roll-links.js) and the
 * reader's roll log (./roll-log.js, with its download). They are not imported with the page's modules: they
 * load on first use, so that on a phone's link the first answer does not wait behind them (every module before
 * it is one more request on a busy link). What the reader can press from the first moment (a "Copy link"
 * button, a chart's bars, "exact") stays in the page's own modules.
 *
 *   const { answerLink, logRoll, rollOf } = await afterAnswer();
 */

/** @typedef {typeof import("./roll-links.js") & typeof import("./roll-log.js")} AfterAnswer */

/** @type {Promise<AfterAnswer>|null} */
let loading = null;

/**
 * The two modules, loaded once per tab (a failed load, say offline before they were kept, is tried again
 * on the next call).
 * @returns {Promise<AfterAnswer>}
 */
export function afterAnswer() {
  loading ??= Promise.all([
    import("./roll-links.js"),
    import("./roll-log.js"),
  ]).then(([links, log]) => ({ ...links, ...log }), (error) => {
    loading = null;
    throw error;
  });
  return loading;
}
