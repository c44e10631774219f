// "Try it" on the examples pages: a scenario's steps as editable text, run in this browser
// against the very engine and step definitions the site verifies (Pyodide in a Web Worker,
// loaded from the site's own playground/ folder only when a reader opens a panel). What the
// reader types is only ever shown as text. Without JavaScript the pages are as before.
(function () {
  "use strict";
  const LIMIT_MS = 5000;
  let worker = null;
  let nextId = 0;
  const waiting = new Map();

  // The site's root (Sphinx writes it on <html>), where playground/ and _static/ are.
  function root() {
    return new URL(document.documentElement.dataset.content_root || "./", window.location.href).href;
  }

  function base() {
    return root() + "playground/";
  }

  function startWorker() {
    worker = new Worker(root() + "_static/rulebooks-playground-worker.mjs", { type: "module" });
    worker.onmessage = (event) => {
      const done = waiting.get(event.data.id);
      if (done) {
        waiting.delete(event.data.id);
        done(event.data);
      }
    };
    worker.onerror = (event) => {
      for (const done of waiting.values()) done({ ok: false, error: event.message || "the worker failed" });
      waiting.clear();
      worker = null;
    };
  }

  // Ask the worker; `limit` (ms) stops a run that takes longer, worker and all.
  function ask(message, limit) {
    if (worker === null) startWorker();
    const id = ++nextId;
    return new Promise((resolve) => {
      let timer = null;
      waiting.set(id, (reply) => {
        if (timer !== null) clearTimeout(timer);
        resolve(reply);
      });
      if (limit) {
        timer = setTimeout(() => {
          waiting.delete(id);
          if (worker !== null) worker.terminate();
          worker = null;
          resolve({ ok: false, stopped: true,
                    error: `stopped: the run took over ${limit / 1000} s (the runtime restarts on the next run)` });
        }, limit);
      }
      worker.postMessage({ id, base: base(), ...message });
    });
  }

  function lastLine(text) {
    const lines = String(text).trim().split("\n");
    return lines[lines.length - 1];
  }

  function element(tag, className, text) {
    const node = document.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined) node.textContent = text;
    return node;
  }

  function verdictOf(code) {
    if (code === 0) return ["passed", "rulebooks-try-passed"];
    if (code === 1) return ["failed", "rulebooks-try-failed"];
    if (code === 5) return ["no scenario ran (is the Scenario line still there?)", "rulebooks-try-failed"];
    return [`did not run (pytest exit code ${code})`, "rulebooks-try-failed"];
  }

  async function open(holder, button) {
    button.disabled = true;
    const feature = holder.dataset.feature;
    const line = Number(holder.dataset.line);
    const panel = element("div", "rulebooks-try-panel");
    panel.setAttribute("role", "region");
    panel.setAttribute("aria-label", "Try this scenario in your browser");
    const note = element("p", "rulebooks-try-note", "Loading the Python runtime and the project (a few seconds, once per page)…");
    panel.append(note);
    holder.append(panel);
    if (typeof WebAssembly !== "object") {
      note.textContent = "This browser cannot run WebAssembly, which the playground needs; the rest of the page is unaffected.";
      return;
    }
    const started = performance.now();
    const reply = await ask({ kind: "source", feature, line });
    if (!reply.ok) {
      note.textContent = "The playground could not start: " + lastLine(reply.error);
      button.disabled = false;
      return;
    }
    const info = reply.info;
    note.textContent =
      `Runs here, in your browser, through the project's own step definitions and engine (rulebooks ${info.rulebooks}, ` +
      `project ${String(info.project_sha256).slice(0, 12)}, Pyodide ${info.pyodide}; ready in ` +
      `${((performance.now() - started) / 1000).toFixed(1)} s). Results here are not part of the site's verdicts.`;
    const original = reply.text;
    const area = element("textarea", "rulebooks-try-text");
    area.value = original;
    area.rows = Math.min(30, original.split("\n").length + 1);
    area.spellcheck = false;
    area.setAttribute("aria-label", "The scenario's text, editable");
    const bar = element("div", "rulebooks-try-buttons");
    const run = element("button", "rulebooks-try-run", "Run");
    const reset = element("button", "rulebooks-try-reset", "Reset");
    const copy = element("button", "rulebooks-try-copy", "Copy as Gherkin");
    for (const b of [run, reset, copy]) b.type = "button";
    bar.append(run, reset, copy);
    const status = element("p", "rulebooks-try-status");
    status.setAttribute("aria-live", "polite");
    const output = element("pre", "rulebooks-try-output");
    output.tabIndex = 0;
    panel.append(area, bar, status, output);

    run.addEventListener("click", async () => {
      run.disabled = true;
      status.className = "rulebooks-try-status";
      status.textContent = "running…";
      const result = await ask({ kind: "run", feature, line, text: area.value }, LIMIT_MS);
      run.disabled = false;
      if (!result.ok) {
        status.className = "rulebooks-try-status rulebooks-try-failed";
        status.textContent = result.stopped ? result.error : "error: " + lastLine(result.error);
        output.textContent = result.stopped ? "" : String(result.error);
        return;
      }
      const [word, cls] = verdictOf(result.code);
      status.className = "rulebooks-try-status " + cls;
      status.textContent = `${word} in ${result.seconds.toFixed(2)} s`;
      output.textContent = result.output;
    });
    reset.addEventListener("click", () => {
      area.value = original;
      status.textContent = "reset to the scenario as the feature file has it";
      output.textContent = "";
    });
    copy.addEventListener("click", async () => {
      try {
        await navigator.clipboard.writeText(area.value + "\n");
        status.textContent = `copied: paste it into ${feature}`;
      } catch (error) {
        area.select();
        status.textContent = "select the text above and copy it (the clipboard is not available here)";
      }
    });
  }

  document.addEventListener("DOMContentLoaded", () => {
    for (const holder of document.querySelectorAll(".rulebooks-try[data-feature][data-line]")) {
      const button = element("button", "rulebooks-try-open", "Try it");
      button.type = "button";
      button.title = "Edit this scenario and run it here, in your browser";
      button.addEventListener("click", () => open(holder, button));
      holder.append(button);
    }
  });
})();
