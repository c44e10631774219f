/* Rulebooks: filter the scenario lists by status, tag expression and words, in the browser,
 * and let a reader enlarge a board picture.
 *
 * On a page that shows scenarios (.rulebooks-scenario), a bar lets the reader keep only:
 * - the runs of one status (?status=failed);
 * - the runs whose tags match a Cucumber tag expression (?tags=@clause:GAME-3.3 and not @example),
 *   read by Cucumber's own parser (window.CucumberTagExpressions, the vendored
 *   @cucumber/tag-expressions). A run's tags are its scenario's, its rule's and its feature's,
 *   and for an outline row those of its Examples, as Cucumber counts them;
 * - the scenarios whose title or steps hold every word typed (?q=raft bust).
 * A run is a scenario, or one row of a Scenario Outline, as on the home page. The choice lives
 * in the URL so a filtered view can be shared; features and rules with nothing left to show
 * fold away. A bad expression is named, with Cucumber's reason, and not applied; a filter
 * that keeps nothing says so. Everything read from the page is handled as text.
 */
(function () {
  "use strict";

  const STATUSES = ["passed", "failed", "undefined", "skipped", "not-run", "stale"];
  const OPERATORS = new Set(["and", "or", "not"]);

  function statusOf(element) {
    for (const status of STATUSES) {
      if (element.classList.contains("rulebooks-status-" + status)) return status;
    }
    return "";
  }

  function tagsIn(line) {
    if (!line) return [];
    return Array.from(line.querySelectorAll("code")).map((c) => c.textContent.trim());
  }

  /* The tags a section or box carries itself (the line directly under it), with their "@". */
  function ownTags(element) {
    return tagsIn(element.querySelector(":scope > .rulebooks-tags:not(.rulebooks-examples-tags)"));
  }

  /* The text of an element as a reader sees it, without badges, permalinks and errors. */
  function wordsOf(element) {
    const parts = [];
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT, {
      acceptNode(node) {
        const skipped = node.parentElement.closest(
          ".rulebooks-badge, .rulebooks-permalink, .rulebooks-error");
        return skipped ? NodeFilter.FILTER_REJECT : NodeFilter.FILTER_ACCEPT;
      },
    });
    while (walker.nextNode()) parts.push(walker.currentNode.nodeValue);
    return parts.join(" ").replace(/\s+/g, " ").toLowerCase();
  }

  /* A scenario box as the filter sees it: its runs (status and tags) and its words. */
  function describe(box) {
    let inherited = [];
    for (let up = box.parentElement; up; up = up.parentElement) {
      if (up.matches(".rulebooks-rule, .rulebooks-feature")) inherited = ownTags(up).concat(inherited);
    }
    const tags = inherited.concat(ownTags(box));
    const runs = [];
    let examplesTags = [];
    box.querySelectorAll(".rulebooks-examples-title, .rulebooks-examples-tags, table.rulebooks-examples")
      .forEach((element) => {
        if (element.matches(".rulebooks-examples-title")) examplesTags = [];
        else if (element.matches(".rulebooks-examples-tags")) examplesTags = tagsIn(element);
        else {
          element.querySelectorAll("tbody tr").forEach((row) => {
            const badge = row.querySelector(".rulebooks-badge");
            runs.push({ status: badge ? statusOf(badge) : "", tags: tags.concat(examplesTags) });
          });
        }
      });
    if (!runs.length) runs.push({ status: statusOf(box), tags: tags });
    const title = box.querySelector(":scope > .rulebooks-scenario-title");
    const steps = box.querySelector(":scope > .rulebooks-steps");
    const words = (title ? wordsOf(title) : "") + " " + (steps ? wordsOf(steps) : "");
    return { box: box, runs: runs, words: words };
  }

  /* The tag expression typed, parsed by Cucumber's parser: {test, literals} or {error}. */
  function parseTags(text) {
    const source = text.trim();
    if (!source) return { test: null, literals: [] };
    const parser = window.CucumberTagExpressions;
    if (!parser) return { error: "Cucumber's tag-expression parser did not load: tags are not filtered." };
    let expression;
    try {
      expression = parser.parse(source);
    } catch (error) {
      return { error: "Bad tag expression: " + String(error.message || error) };
    }
    const literals = source.split(/[\s()]+/).filter((word) => word && !OPERATORS.has(word));
    const bare = literals.filter((word) => !word.startsWith("@"));
    if (bare.length) {
      return {
        error: "Bad tag expression: " + bare.map((w) => '"' + w + '"').join(", ")
          + " is not a tag (tags start with @, e.g. @" + bare[0] + "; operators are and, or, not)."
      };
    }
    return { test: (tags) => expression.evaluate(tags), literals: literals };
  }

  function option(value, label) {
    const element = document.createElement("option");
    element.value = value;
    element.textContent = label;
    return element;
  }

  function labelled(text, control) {
    const label = document.createElement("label");
    label.textContent = text + " ";
    label.appendChild(control);
    return label;
  }

  function textInput(id, size, placeholder, help) {
    const input = document.createElement("input");
    input.type = "search";
    input.id = id;
    input.size = size;
    input.placeholder = placeholder;
    input.title = help;
    input.spellcheck = false;
    input.autocomplete = "off";
    return input;
  }

  function build(boxes) {
    const params = new URLSearchParams(window.location.search);
    const scenarios = boxes.map(describe);
    const bar = document.createElement("div");
    bar.className = "rulebooks-filter";
    bar.setAttribute("role", "search");
    bar.setAttribute("aria-label", "Filter scenarios");

    const status = document.createElement("select");
    status.id = "rulebooks-filter-status";
    status.appendChild(option("", "any status"));
    const present = new Set();
    scenarios.forEach((s) => s.runs.forEach((run) => present.add(run.status)));
    for (const s of STATUSES) {
      if (present.has(s)) status.appendChild(option(s, s.replace("-", " ")));
    }

    const tags = textInput("rulebooks-filter-tags", 34, "@clause:GAME-3.3 and not @example",
      "A Cucumber tag expression: tags with @, and, or, not, parentheses");
    const known = new Set();
    scenarios.forEach((s) => s.runs.forEach((run) => run.tags.forEach((t) => known.add(t))));
    const addTag = document.createElement("select");
    addTag.id = "rulebooks-filter-tag";
    addTag.setAttribute("aria-label", "Add a tag to the expression");
    addTag.appendChild(option("", "add a tag…"));
    Array.from(known).sort().forEach((t) => addTag.appendChild(option(t, t)));

    const words = textInput("rulebooks-filter-text", 18, "words of a title or step",
      "Scenarios whose title or steps hold every word typed");

    const count = document.createElement("span");
    count.className = "rulebooks-filter-count";
    count.setAttribute("aria-live", "polite");

    const problem = document.createElement("p");
    problem.className = "rulebooks-filter-error";
    problem.setAttribute("role", "alert");
    problem.hidden = true;

    const empty = document.createElement("p");
    empty.className = "rulebooks-filter-empty";
    empty.setAttribute("role", "status");
    empty.hidden = true;

    /* On a phone the controls fold behind this button (the CSS hides it elsewhere). */
    const toggle = document.createElement("button");
    toggle.type = "button";
    toggle.className = "rulebooks-filter-toggle";
    toggle.textContent = "Filter…";
    const asked = ["status", "tags", "tag", "q"].some((name) => params.get(name));
    bar.classList.toggle("rulebooks-filter-open", asked);
    toggle.setAttribute("aria-expanded", String(asked));
    toggle.addEventListener("click", () => {
      const open = bar.classList.toggle("rulebooks-filter-open");
      toggle.setAttribute("aria-expanded", String(open));
    });
    bar.appendChild(toggle);
    bar.appendChild(labelled("Status:", status));
    bar.appendChild(labelled("Tags:", tags));
    bar.appendChild(addTag);
    bar.appendChild(labelled("Words:", words));
    bar.appendChild(count);
    bar.appendChild(problem);
    bar.appendChild(empty);
    const totalRuns = scenarios.reduce((sum, s) => sum + s.runs.length, 0);

    /* A filter asked for in the URL is kept even when nothing on the page matches it: the
     * page then says so, rather than silently showing everything. ?tag=NAME (one tag, the
     * older form of these links) reads as the expression @NAME. */
    const askedStatus = params.get("status");
    if (askedStatus && STATUSES.includes(askedStatus) && !present.has(askedStatus)) {
      status.appendChild(option(askedStatus, askedStatus.replace("-", " ") + " (none)"));
    }
    status.value = askedStatus && STATUSES.includes(askedStatus) ? askedStatus : "";
    const oldTag = params.get("tag");
    tags.value = params.get("tags") || (oldTag ? "@" + oldTag.replace(/^@/, "") : "");
    words.value = params.get("q") || "";

    function apply(updateUrl) {
      const parsed = parseTags(tags.value);
      const wanted = words.value.toLowerCase().split(/\s+/).filter(Boolean);
      const runMatches = (run) => (!status.value || run.status === status.value)
        && (!parsed.test || parsed.test(run.tags));
      let shown = 0;
      let shownRuns = 0;
      scenarios.forEach((s) => {
        const runs = wanted.every((w) => s.words.includes(w)) ? s.runs.filter(runMatches) : [];
        s.box.hidden = runs.length === 0;
        if (runs.length) {
          shown += 1;
          shownRuns += runs.length;
        }
      });
      document.querySelectorAll(".rulebooks-rule, .rulebooks-feature").forEach((section) => {
        const inside = section.querySelectorAll(".rulebooks-scenario");
        if (inside.length) section.hidden = Array.from(inside).every((box) => box.hidden);
      });
      count.textContent = "showing " + shown + " of " + scenarios.length + " scenarios";
      const runs = document.createElement("span");
      runs.className = "rulebooks-filter-runs";
      runs.textContent = " (" + shownRuns + " of " + totalRuns
        + " runs; each outline row is a run, as on the home page)";
      count.appendChild(runs);

      tags.setAttribute("aria-invalid", parsed.error ? "true" : "false");
      problem.hidden = !parsed.error;
      problem.textContent = parsed.error ? parsed.error + " The tags are not filtered until it is corrected." : "";

      const why = [];
      if (status.value) why.push("none is " + status.value.replace("-", " "));
      if (parsed.test) {
        let clause = "none matches the tag expression " + tags.value.trim();
        const absent = parsed.literals.filter((t) => !known.has(t));
        if (absent.length) clause += " (no scenario here is tagged " + absent.join(", ") + ")";
        why.push(clause);
      }
      if (wanted.length) why.push('none has the words "' + wanted.join(" ") + '" in its title or steps');
      empty.hidden = shown > 0;
      empty.textContent = shown > 0 ? "" : "No scenario on this page matches this filter"
        + (why.length ? ": " + why.join("; ") : "") + ".";
      if (updateUrl) {
        const next = new URLSearchParams(window.location.search);
        next.delete("tag");
        const pairs = [["status", status.value], ["tags", tags.value.trim()], ["q", words.value.trim()]];
        for (const [key, value] of pairs) value ? next.set(key, value) : next.delete(key);
        const query = next.toString();
        const url = window.location.pathname + (query ? "?" + query : "") + window.location.hash;
        window.history.replaceState(null, "", url);
      }
    }

    addTag.addEventListener("change", () => {
      if (addTag.value) {
        const current = tags.value.trim();
        tags.value = current ? "(" + current + ") and " + addTag.value : addTag.value;
        addTag.value = "";
        apply(true);
      }
    });
    status.addEventListener("change", () => apply(true));
    tags.addEventListener("input", () => apply(true));
    words.addEventListener("input", () => apply(true));
    apply(false);
    return bar;
  }

  /* Board pictures are shown at the width that makes their text readable; a click (or
   * Enter) shows one twice as large, in its frame that scrolls sideways, and back. */
  const ZOOM = 2;
  function zoomable() {
    document.querySelectorAll(".rulebooks-board img").forEach((image) => {
      const figure = image.closest(".rulebooks-board");
      const readable = Number(image.dataset.readableWidth) || image.width;
      image.tabIndex = 0;
      image.setAttribute("role", "button");
      image.setAttribute("aria-pressed", "false");
      image.title = "Click to enlarge or shrink";
      const toggle = () => {
        const zoomed = figure.classList.toggle("rulebooks-board-zoomed");
        image.style.width = (zoomed ? readable * ZOOM : readable) + "px";
        image.setAttribute("aria-pressed", String(zoomed));
        window.dispatchEvent(new Event("resize"));  // its frame may now scroll
      };
      image.addEventListener("click", toggle);
      image.addEventListener("keydown", (event) => {
        if (event.key === "Enter" || event.key === " ") {
          event.preventDefault();
          toggle();
        }
      });
    });
  }

  /* Publish the sticky bar's height, so a jump to a scenario stops below it; the page
   * then returns to the target of the URL's #fragment, which the bar moved. */
  function keepTargetVisible(bar) {
    const measure = () => {
      const sticky = getComputedStyle(bar).position === "sticky";
      const height = sticky ? bar.getBoundingClientRect().height : 0;
      document.documentElement.style.setProperty("--rulebooks-filter-height", height + "px");
    };
    measure();
    window.addEventListener("resize", measure);
    const id = decodeURIComponent(window.location.hash.slice(1));
    const target = id ? document.getElementById(id) : null;
    if (target) target.scrollIntoView({ behavior: "instant", block: "start" });
  }

  /* A code block or table wider than the column scrolls sideways: give it a tab stop and a
   * name, so the keyboard can reach and scroll it; re-checked when the window resizes. */
  function keyboardScrollable() {
    const check = () => {
      document.querySelectorAll("pre, .table-wrapper, .rulebooks-board-frame").forEach((box) => {
        const scrolls = box.scrollWidth > box.clientWidth + 1 &&
          getComputedStyle(box).overflowX !== "visible";
        if (scrolls && !box.hasAttribute("tabindex")) {
          box.setAttribute("tabindex", "0");
          box.setAttribute("role", "region");
          const kind = box.tagName === "PRE" ? "Code"
            : box.classList.contains("rulebooks-board-frame") ? "Board" : "Table";
          box.setAttribute("aria-label", kind + ", scrolls sideways");
          box.dataset.rulebooksScrolls = "";
        } else if (!scrolls && "rulebooksScrolls" in box.dataset) {
          ["tabindex", "role", "aria-label", "data-rulebooks-scrolls"].forEach(
            (name) => box.removeAttribute(name));
        }
      });
    };
    check();
    window.addEventListener("resize", check);
    window.addEventListener("load", check);
  }

  function start() {
    zoomable();
    keyboardScrollable();
    const boxes = Array.from(document.querySelectorAll(".rulebooks-scenario"));
    if (!boxes.length) return;
    const first = document.querySelector(".rulebooks-feature") || boxes[0];
    const bar = build(boxes);
    first.parentNode.insertBefore(bar, first);
    keepTargetVisible(bar);
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", start);
  } else {
    start();
  }
})();
