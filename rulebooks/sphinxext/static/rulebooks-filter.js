/* Rulebooks: filter the scenario lists by status and by tag, in the browser, and let a
 * reader enlarge a board picture.
 *
 * On a page that shows scenarios (.rulebooks-scenario), a bar lets the reader keep only the
 * scenarios of one status and/or one tag. The choice lives in the URL (?status=failed&tag=example)
 * so a filtered view can be shared; features and rules with nothing left to show fold away.
 * Everything read from the page is handled as text.
 */
(function () {
  "use strict";

  const STATUSES = ["passed", "failed", "undefined", "skipped", "not-run", "stale"];

  function statusOf(box) {
    for (const status of STATUSES) {
      if (box.classList.contains("rulebooks-status-" + status)) return status;
    }
    return "";
  }

  function tagsOf(box) {
    const line = box.querySelector(":scope > .rulebooks-tags");
    if (!line) return [];
    return Array.from(line.querySelectorAll("code")).map((c) => c.textContent.trim().replace(/^@/, ""));
  }

  /* The runs of a scenario box: one, or one per outline row (of that status, if given). */
  function runsOf(box, status) {
    const rows = box.querySelectorAll("table.rulebooks-examples tbody tr");
    if (!rows.length) return !status || statusOf(box) === status ? 1 : 0;
    if (!status) return rows.length;
    return Array.from(rows).filter((row) => row.querySelector(".rulebooks-status-" + status)).length;
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

  function build(boxes) {
    const params = new URLSearchParams(window.location.search);
    const bar = document.createElement("div");
    bar.className = "rulebooks-filter";
    bar.setAttribute("role", "search");
    bar.setAttribute("aria-label", "Filter scenarios");

    const status = document.createElement("select");
    status.id = "rulebooks-filter-status";
    status.appendChild(option("", "any status"));
    const present = new Set(boxes.map(statusOf));
    for (const s of STATUSES) {
      if (present.has(s)) status.appendChild(option(s, s.replace("-", " ")));
    }

    const tag = document.createElement("select");
    tag.id = "rulebooks-filter-tag";
    tag.appendChild(option("", "any tag"));
    const tags = new Set();
    boxes.forEach((box) => tagsOf(box).forEach((t) => tags.add(t)));
    Array.from(tags).sort().forEach((t) => tag.appendChild(option(t, "@" + t)));

    const count = document.createElement("span");
    count.className = "rulebooks-filter-count";
    count.setAttribute("aria-live", "polite");

    const empty = document.createElement("p");
    empty.className = "rulebooks-filter-empty";
    empty.setAttribute("role", "status");
    empty.hidden = true;

    bar.appendChild(labelled("Status:", status));
    bar.appendChild(labelled("Tag:", tag));
    bar.appendChild(count);
    bar.appendChild(empty);
    const totalRuns = boxes.reduce((sum, box) => sum + runsOf(box, ""), 0);

    /* A filter asked for in the URL is kept even when nothing on the page matches it: the
     * page then says so, rather than silently showing everything. */
    const askedStatus = params.get("status");
    if (askedStatus && STATUSES.includes(askedStatus) && !present.has(askedStatus)) {
      status.appendChild(option(askedStatus, askedStatus.replace("-", " ") + " (none)"));
    }
    const askedTag = params.get("tag");
    if (askedTag && !tags.has(askedTag)) tag.appendChild(option(askedTag, "@" + askedTag + " (none)"));
    status.value = askedStatus && STATUSES.includes(askedStatus) ? askedStatus : "";
    tag.value = askedTag || "";

    function apply(updateUrl) {
      let shown = 0;
      let shownRuns = 0;
      boxes.forEach((box) => {
        const keep = (!status.value || statusOf(box) === status.value)
          && (!tag.value || tagsOf(box).includes(tag.value));
        box.hidden = !keep;
        if (keep) {
          shown += 1;
          shownRuns += runsOf(box, status.value);
        }
      });
      document.querySelectorAll(".rulebooks-rule, .rulebooks-feature").forEach((section) => {
        const inside = section.querySelectorAll(".rulebooks-scenario");
        if (inside.length) {
          section.hidden = Array.from(inside).every((box) => box.hidden);
        }
      });
      count.textContent = "showing " + shown + " of " + boxes.length + " scenarios ("
        + shownRuns + " of " + totalRuns + " runs; each outline row is a run, as on the home page)";
      empty.hidden = shown > 0;
      empty.textContent = shown > 0 ? "" : "No scenario on this page matches this filter"
        + (status.value ? ": none is " + status.value.replace("-", " ") : "")
        + (tag.value ? (status.value ? " with @" : ": none is tagged @") + tag.value : "") + ".";
      if (updateUrl) {
        const next = new URLSearchParams(window.location.search);
        status.value ? next.set("status", status.value) : next.delete("status");
        tag.value ? next.set("tag", tag.value) : next.delete("tag");
        const query = next.toString();
        const url = window.location.pathname + (query ? "?" + query : "") + window.location.hash;
        window.history.replaceState(null, "", url);
      }
    }

    status.addEventListener("change", () => apply(true));
    tag.addEventListener("change", () => apply(true));
    apply(false);
    return bar;
  }

  /* Board pictures are drawn small; a click (or Enter) shows one at the page's full width. */
  function zoomable() {
    document.querySelectorAll(".rulebooks-board img").forEach((image) => {
      const figure = image.closest(".rulebooks-board");
      image.tabIndex = 0;
      image.setAttribute("role", "button");
      image.setAttribute("aria-pressed", "false");
      image.title = "Click to enlarge or shrink";
      const toggle = () => {
        const zoomed = figure.classList.toggle("rulebooks-board-zoomed");
        image.setAttribute("aria-pressed", String(zoomed));
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
    if (target) target.scrollIntoView();
  }

  function start() {
    zoomable();
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
