// Tournaments: the ranking with intervals, ratings, comparisons, plots, and every game.
import {getJSON, postJSON, toast} from "./api.js";
import {fill, h} from "./dom.js";

const PAGE = 50;

export async function showTournaments(main, config) {
  if (!config.tournaments) {
    fill(main, h("section", {class: "tournaments"}, h("h1", {}, "Tournaments"),
      h("p", {class: "lead"}, "Start the server with a tournament's output directory to see it here:"),
      h("pre", {}, "parlour serve --tournaments results/my-tournament")));
    return;
  }
  const list = await getJSON("/api/tournaments");
  if (list.length === 1) {
    await showTournament(main, list[0].name);
    return;
  }
  fill(main, h("section", {class: "tournaments"}, h("h1", {}, "Tournaments"),
    list.length ? h("ul", {class: "tournament-list"}, list.map((t) => h("li", {},
      h("a", {href: `#/tournament/${encodeURIComponent(t.name)}`}, t.title),
      ` — ${[t.game, t.format].filter(Boolean).join(", ")} · ${t.records} game(s)`)))
      : h("p", {}, "No tournament output found in the directory.")));
}

function number(value, digits = 2) {
  return value === null || value === undefined || Number.isNaN(value) ? "–" : Number(value).toFixed(digits);
}

function interval(iv, digits = 2) {
  if (!iv || iv.mean === null || iv.mean === undefined) return "–";
  if (iv.low === null || iv.high === null || iv.low === undefined) return number(iv.mean, digits);
  return `${number(iv.mean, digits)} ± ${number((iv.high - iv.low) / 2, digits)}`;
}

// A p-value as the console writes it (arena/report.py): "< 0.0001", else 2 or 3 digits.
function pValue(p) {
  if (p === null || p === undefined || Number.isNaN(p)) return "–";
  if (p < 0.0001) return "< 0.0001";
  return p < 0.001 ? Number(p.toPrecision(2)).toString() : Number(p.toPrecision(3)).toString();
}

function seconds(value) {
  if (value === null || value === undefined) return "–";
  if (value < 1e-3) return `${(value * 1e6).toFixed(0)} µs`;
  if (value < 1) return `${(value * 1e3).toFixed(1)} ms`;
  return `${value.toFixed(2)} s`;
}

function rankingTable(summary) {
  const rows = summary.agents.map((a) => h("tr", {class: a.role === "baseline" ? "baseline" : ""},
    h("td", {class: "num"}, a.rank), h("td", {}, a.name, a.role === "baseline" ? h("span", {class: "badge"}, "baseline") : null),
    h("td", {class: "num"}, a.games), h("td", {class: "num"}, interval(a.value)),
    h("td", {class: "num"}, interval(a.score)),
    h("td", {class: "num"}, a.win_rate === null || a.win_rate === undefined ? "–" : `${(100 * a.win_rate).toFixed(1)}`),
    h("td", {class: "num"}, a.rating === null || a.rating === undefined ? "–" : `${number(a.rating, 1)} ± ${number(1.96 * a.rating_sigma, 1)}`),
    h("td", {class: "num"}, seconds(a.mean_move_time)), h("td", {class: "num"}, seconds(a.max_move_time)),
    h("td", {class: "num"}, Object.entries(a.faults || {}).map(([k, n]) => `${n} ${k}`).join(", ") || "0")));
  return h("table", {class: "ranking", id: "ranking"},
    h("thead", {}, h("tr", {}, ["rank", "agent", "games", "return (95% CI)", "score (95% CI)", "win % of seats",
      "rating (OpenSkill, 95% CI)", "mean time", "max time", "faults"].map((c) => h("th", {}, c)))),
    h("tbody", {}, rows));
}

function comparisonsTable(summary) {
  if (!summary.comparisons || !summary.comparisons.length) return null;
  return h("table", {class: "comparisons"},
    h("thead", {}, h("tr", {}, ["agents", "deals", "difference (95% CI)", "p (Holm)", "verdict", "head-to-head"].map((c) => h("th", {}, c)))),
    h("tbody", {}, summary.comparisons.map((c) => h("tr", {},
      h("td", {}, `${c.a} vs ${c.b}`), h("td", {class: "num"}, `${c.deals} ${c.paired_over || ""}s`),
      h("td", {class: "num"}, interval(c.difference)),
      h("td", {class: "num"}, pValue(c.p_holm)),
      h("td", {class: /better/.test(c.verdict) ? "verdict strong" : "verdict"}, c.verdict),
      h("td", {class: "num"}, c.a_win_rate === null || c.a_win_rate === undefined ? "–" : `${(100 * c.a_win_rate).toFixed(1)}% of ${c.games}`)))));
}

function winMatrix(summary) {
  const m = summary.win_matrix;
  if (!m || !m.order || m.order.length < 2) return null;
  return h("table", {class: "win-matrix"},
    h("thead", {}, h("tr", {}, h("th", {}, "row beats column"), m.order.map((n) => h("th", {}, n)))),
    h("tbody", {}, m.rows.map((row, i) => h("tr", {}, h("th", {}, m.order[i]),
      row.map((v) => {
        if (v === null || v === undefined) return h("td", {class: "num empty"}, "–");
        const hue = Math.round(120 * v);
        return h("td", {class: "num", style: {background: `hsl(${hue}, 60%, 82%)`}}, `${Math.round(100 * v)}%`);
      })))));
}

/** Any JSON as nested tables (for summaries of other shapes). */
function jsonTable(value, depth = 0) {
  if (value === null || typeof value !== "object") return String(value);
  if (Array.isArray(value)) {
    if (value.length && value.every((v) => v && typeof v === "object" && !Array.isArray(v))) {
      const keys = [...new Set(value.flatMap((v) => Object.keys(v)))];
      return h("table", {class: "json"}, h("thead", {}, h("tr", {}, keys.map((k) => h("th", {}, k)))),
        h("tbody", {}, value.slice(0, 500).map((v) => h("tr", {}, keys.map((k) => h("td", {}, depth > 3 ? JSON.stringify(v[k]) : jsonTable(v[k], depth + 1)))))));
    }
    return value.map((v) => (typeof v === "object" ? JSON.stringify(v) : String(v))).join(", ");
  }
  return h("table", {class: "json"}, Object.entries(value).map(([k, v]) =>
    h("tr", {}, h("th", {}, k), h("td", {}, depth > 3 ? JSON.stringify(v) : jsonTable(v, depth + 1)))));
}

export async function showTournament(main, name) {
  fill(main, h("p", {class: "loading"}, "Reading the tournament…"));
  let report;
  try {
    report = await getJSON(`/api/tournaments/report?t=${encodeURIComponent(name)}`);
  } catch (error) {
    fill(main, h("div", {class: "form-error", role: "alert"}, error.message));
    return;
  }
  const summary = report.summary;
  const parts = [h("h1", {}, `Tournament: ${report.title}`)];
  const known = summary && summary.format === "parlour.tournament.summary" && Array.isArray(summary.agents);
  if (known) {
    const st = summary.settings || {};
    const params = Object.entries(st.params || {}).map(([k, v]) => `${k}=${v}`).join(",");
    const games = summary.games || {};
    parts.push(h("p", {class: "lead"},
      `${st.game || "?"}${params ? `:${params}` : ""} · ${st.format || "?"} · seed ${st.seed ?? "?"} · `,
      `${games.played ?? "?"} of ${games.scheduled ?? "?"} games played`,
      summary.seconds ? ` in ${number(summary.seconds, 1)} s` : "",
      summary.errors ? ` · ${summary.errors} fault(s)` : ""));
    parts.push(h("h2", {}, "Ranking"), rankingTable(summary),
      h("p", {class: "note", id: "ranking-caption"}, report.caption || ""));
    const comparisons = comparisonsTable(summary);
    if (comparisons) parts.push(h("h2", {}, "Pairwise comparisons"), comparisons);
    const matrix = winMatrix(summary);
    if (matrix) parts.push(h("h2", {}, "Win rates"), matrix);
  } else if (summary) {
    parts.push(h("h2", {}, "Summary"), h("div", {class: "json-wrap"}, jsonTable(summary)));
  } else {
    parts.push(h("p", {class: "lead"}, "No summary.json here (yet): the games played so far are listed below."));
  }
  if (report.plots.length) {
    parts.push(h("h2", {}, "Plots"), h("div", {class: "plots"}, report.plots.map((plot) =>
      h("figure", {}, h("img", {src: `/api/tournaments/file?t=${encodeURIComponent(name)}&name=${encodeURIComponent(plot)}`, alt: plot}),
        h("figcaption", {}, plot)))));
  }
  for (const [file, text] of Object.entries(report.texts)) {
    parts.push(h("details", {class: "text-report", open: !known}, h("summary", {}, file), h("pre", {}, text)));
  }
  if (report.errors) {
    parts.push(h("details", {class: "errors"}, h("summary", {}, `errors.log: ${report.errors.count} line(s)`),
      h("pre", {}, report.errors.tail.join("\n"))));
  }
  const games = h("div", {class: "games"});
  parts.push(h("h2", {}, `Games (${report.records})`), games);
  fill(main, h("section", {class: "tournament"}, parts));
  await showGames(games, name, 0, report.records);
}

async function showGames(box, name, offset, total) {
  let page;
  try {
    page = await getJSON(`/api/tournaments/records?t=${encodeURIComponent(name)}&offset=${offset}&limit=${PAGE}`);
  } catch (error) {
    fill(box, h("div", {class: "form-error"}, error.message));
    return;
  }
  const open = async (record) => {
    try {
      const meta = await postJSON("/api/tournaments/replay", {t: name, name: record});
      location.hash = `#/replay/${meta.id}`;
    } catch (error) {
      toast(error.message);
    }
  };
  const rows = page.records.map((r) => r.error
    ? h("tr", {}, h("td", {}, r.name), h("td", {colspan: 5, class: "form-error"}, r.error))
    : h("tr", {},
      h("td", {}, r.name), h("td", {}, r.seats.map((spec, seat) => `${seat}: ${spec}`).join(" · ")),
      h("td", {class: "num"}, r.scores.join(" / ")),
      h("td", {}, r.complete ? r.winners.map((w) => `seat ${w}`).join(", ") || "none" : "unfinished"),
      h("td", {class: "num"}, r.moves),
      h("td", {}, h("button", {class: "secondary open-replay", "data-record": r.name, onclick: () => open(r.name)}, "Replay"))));
  const nav = h("div", {class: "pager"},
    h("button", {class: "secondary", disabled: offset === 0, onclick: () => showGames(box, name, Math.max(0, offset - PAGE), total)}, "◀ earlier"),
    ` ${total ? offset + 1 : 0}–${Math.min(total, offset + PAGE)} of ${total} `,
    h("button", {class: "secondary", disabled: offset + PAGE >= total, onclick: () => showGames(box, name, offset + PAGE, total)}, "later ▶"));
  fill(box, h("table", {class: "records", id: "records"},
    h("thead", {}, h("tr", {}, ["record", "seats", "scores", "winners", "moves", ""].map((c) => h("th", {}, c)))),
    h("tbody", {}, rows)), total > PAGE ? nav : null);
}
