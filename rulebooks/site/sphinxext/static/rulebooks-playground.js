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
    const boards = element("div", "rulebooks-try-boards");
    const play = element("div", "rulebooks-try-play");
    panel.append(area, bar, status, output, boards, play);
    let seed = 1;
    let ranText = "";

    // "Play on": a step naming the action, added to the scenario, which then runs again.
    function playOn(steps) {
      area.value = area.value.replace(/\s+$/, "") + "\n" + steps.map((s) => "  " + s).join("\n");
      area.rows = Math.min(30, area.value.split("\n").length + 1);
      runNow();
    }

    function quoted(name) {
      return '"' + name + '"';
    }

    function choiceButton(label, steps, before) {
      const b = element("button", "rulebooks-try-action", label);
      b.type = "button";
      b.addEventListener("click", () => {
        if (before) before();
        playOn(steps);
      });
      return b;
    }

    function showBoards(list) {
      boards.replaceChildren();
      for (const board of list || []) {
        if (!board.svg) continue;
        const figure = element("figure", "rulebooks-try-board");
        const img = element("img");
        img.alt = board.text || board.label;
        img.src = "data:image/svg+xml;charset=utf-8," + encodeURIComponent(board.svg);
        const caption = element("figcaption", "", board.label + " ");
        if (board.upto !== null && board.upto !== undefined) {
          // The scenario's text up to this board, then the choices from here.
          const here = element("button", "rulebooks-try-from-here", "play on from here");
          here.type = "button";
          here.addEventListener("click", () => {
            area.value = ranText.split("\n").slice(0, board.upto).join("\n");
            runNow();
          });
          caption.append(here);
        }
        figure.append(img, caption);
        boards.append(figure);
      }
    }

    function showPlay(code, where) {
      play.replaceChildren();
      if (code !== 0 || !where || where.error) {
        play.append(element("p", "rulebooks-try-note", code !== 0
          ? "Play on starts where a passing run ends."
          : "Play on: " + ((where && where.error) || "no position")));
        return;
      }
      const row = element("div", "rulebooks-try-buttons");
      if (where.over) {
        play.append(element("p", "", "Play on: the game is over (returns " + where.returns.join(", ") + ")."));
        return;
      }
      if (where.kind === "chance") {
        play.append(element("p", "", `Play on: chance (${where.phase}): pick an outcome or sample one.`));
        for (const [name, chance] of where.outcomes) {
          row.append(choiceButton(`${name} (${(100 * chance).toFixed(1)}%)`, [`When the action ${quoted(name)} is played`]));
        }
        row.append(choiceButton(`sample with seed ${where.seed}: ${where.sampled}`,
          [`# sampled with seed ${where.seed}`, `When the action ${quoted(where.sampled)} is played`],
          () => { seed += 1; }));
      } else if (where.kind === "together") {
        play.append(element("p", "", `Play on: every player chooses at once (${where.phase}).`));
        const selects = where.players.map((name, index) => {
          const label = element("label", "rulebooks-try-choice", name + " ");
          const select = element("select");
          for (const choice of where.choices[index]) select.append(element("option", "", choice));
          label.append(select);
          row.append(label);
          return select;
        });
        const together = element("button", "rulebooks-try-action", "play together");
        together.type = "button";
        together.addEventListener("click", () => playOn(
          [`When the actions ${selects.map((s) => quoted(s.value)).join(", ")} are played together`]));
        row.append(together);
      } else {
        play.append(element("p", "", `Play on: ${where.player} to act (${where.phase}).`));
        for (const name of where.choices) row.append(choiceButton(name, [`When the action ${quoted(name)} is played`]));
      }
      play.append(row);
    }

    async function runNow() {
      run.disabled = true;
      status.className = "rulebooks-try-status";
      status.textContent = "running…";
      const text = area.value;
      const result = await ask({ kind: "run", feature, line, text, seed }, LIMIT_MS);
      ranText = text.replace(/^\n+/, "").replace(/\n+$/, "");
      run.disabled = false;
      if (!result.ok) {
        status.className = "rulebooks-try-status rulebooks-try-failed";
        status.textContent = result.stopped ? result.error : "error: " + lastLine(result.error);
        output.textContent = result.stopped ? "" : String(result.error);
        showBoards([]);
        showPlay(-1, null);
        return;
      }
      const [word, cls] = verdictOf(result.code);
      status.className = "rulebooks-try-status " + cls;
      status.textContent = `${word} in ${result.seconds.toFixed(2)} s`;
      output.textContent = result.output;
      showBoards(result.boards);
      showPlay(result.code, result.position);
    }

    run.addEventListener("click", runNow);
    reset.addEventListener("click", () => {
      area.value = original;
      status.textContent = "reset to the scenario as the feature file has it";
      output.textContent = "";
      showBoards([]);
      play.replaceChildren();
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
