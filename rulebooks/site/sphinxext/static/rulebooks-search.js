// The search page: the clauses whose title or words hold every word searched for, listed
// first with the clause's own words as the snippet (clause_search.py writes the clauses).
// A word matches the words it begins ("bust" finds "busts"); titles weigh more than text.
// Everything shown is text (textContent): nothing of the query is run.
(function () {
  "use strict";
  const clauses = window.RULEBOOKS_CLAUSES || [];

  function words(text) {
    return String(text).toLowerCase().match(/[\p{L}\p{N}]+/gu) || [];
  }

  function score(clause, query) {
    const title = words(clause.id + " " + clause.title);
    const text = words(clause.text);
    let total = 0;
    for (const word of query) {
      const inTitle = title.filter((w) => w.startsWith(word)).length;
      const inText = text.filter((w) => w.startsWith(word)).length;
      if (!inTitle && !inText) return 0;
      total += 10 * inTitle + inText;
    }
    return total;
  }

  function show(query) {
    const found = clauses
      .map((clause, order) => ({ clause, order, score: score(clause, query) }))
      .filter((hit) => hit.score > 0)
      .sort((a, b) => b.score - a.score || a.order - b.order)
      .slice(0, 10);
    const results = document.getElementById("search-results");
    if (!found.length || !results) return;
    const section = document.createElement("section");
    section.id = "rulebooks-clause-results";
    const heading = document.createElement("h2");
    heading.textContent = found.length === 1 ? "1 clause states it" : `${found.length} clauses state it`;
    const list = document.createElement("ul");
    list.className = "search";
    for (const { clause } of found) {
      const item = document.createElement("li");
      const link = document.createElement("a");
      link.href = clause.url;
      link.textContent = `${clause.id} ${clause.title}`.trim();
      const snippet = document.createElement("p");
      snippet.className = "context";
      snippet.textContent = clause.text.length > 300 ? clause.text.slice(0, 297) + "…" : clause.text;
      item.append(link, snippet);
      list.append(item);
    }
    section.append(heading, list);
    results.parentNode.insertBefore(section, results);
  }

  document.addEventListener("DOMContentLoaded", () => {
    const query = words(new URLSearchParams(window.location.search).get("q") || "").filter((w) => w.length > 1);
    if (query.length) show(query);
  });
})();
