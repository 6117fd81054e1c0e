// The ladder: each game's leaderboard, a page per bot, submitting a bot, the organiser's tools.
import {getJSON, postJSON, toast} from "./api.js";
import {fill, h} from "./dom.js";
import {playingNow} from "./live.js";

const TOKEN = "parlour.ladderToken";
const REFRESH_SECONDS = 5;
let timer = null;

export function leaveLadder() {
  if (timer) clearInterval(timer);
  timer = null;
}

function token() {
  return localStorage.getItem(TOKEN) || "";
}

function auth() {
  return token() ? {Authorization: `Bearer ${token()}`} : {};
}

async function request(url, options = {}) {
  const response = await fetch(url, {...options, headers: {Accept: "application/json", ...auth(), ...(options.headers || {})}});
  let body = null;
  try { body = await response.json(); } catch (_) { /* not JSON */ }
  if (!response.ok) throw new Error(body && typeof body.detail === "string" ? body.detail : `${response.status} ${response.statusText}`);
  return body;
}

function number(value, digits = 1) {
  return value === null || value === undefined ? "–" : Number(value).toFixed(digits);
}

function signed(value) {
  return value === null || value === undefined ? "–" : `${value >= 0 ? "+" : ""}${Number(value).toFixed(1)}`;
}

function seconds(value) {
  if (value === null || value === undefined) return "–";
  if (value < 1e-3) return `${(value * 1e6).toFixed(0)} µs`;
  if (value < 1) return `${(value * 1e3).toFixed(1)} ms`;
  return `${value.toFixed(2)} s`;
}

function statusBadge(status) {
  return h("span", {class: `badge status-${status}`}, status);
}

async function openReplay(match, seating) {
  try {
    const meta = await postJSON(`/api/ladder/games/${match}/${seating}/replay`, {});
    location.hash = `#/replay/${meta.id}`;
  } catch (error) {
    toast(error.message);
  }
}

function leaderboardTable(rows, anchors, organiser, refresh) {
  return h("table", {class: "ranking ladder-board"},
    h("thead", {}, h("tr", {}, ["#", "bot", "rating", "95% interval", "games",
      ...anchors.map((a) => `vs ${a}`), "faults", "time / move", "status",
      organiser ? "organiser" : null].filter(Boolean).map((c) => h("th", {scope: "col"}, c)))),
    h("tbody", {}, rows.map((r) => h("tr", {class: r.anchor ? "baseline" : "", "data-bot": r.bot},
      h("td", {class: "num"}, r.rank),
      h("td", {}, h("a", {href: `#/ladder/${r.id}`}, r.label), r.anchor ? h("span", {class: "badge"}, "anchor") : null),
      h("td", {class: "num"}, signed(r.rating)),
      h("td", {class: "num"}, `${signed(r.low)} … ${signed(r.high)}`),
      h("td", {class: "num"}, r.games),
      anchors.map((a) => h("td", {class: "num"}, r.against[a] ? signed(r.against[a].mean) : "–")),
      h("td", {class: "num"}, r.fault_rate === null ? "–" : `${r.faults} (${number(100 * r.fault_rate, 1)}%)`),
      h("td", {class: "num"}, seconds(r.seconds_per_decision)),
      h("td", {}, statusBadge(r.status)),
      organiser ? h("td", {}, r.anchor ? "" : organiserButtons(r, refresh)) : null))));
}

function organiserButtons(row, refresh) {
  const set = async (status) => {
    try {
      await request(`/api/ladder/versions/${row.id}/status`, {method: "POST",
        headers: {"Content-Type": "application/json"}, body: JSON.stringify({status, message: `${status} by the organiser`})});
      toast(`${row.label}: ${status}`, "ok", 3);
      await refresh();
    } catch (error) {
      toast(error.message);
    }
  };
  const choices = {active: ["paused", "suspended", "retired"], paused: ["active", "retired"],
                   suspended: ["active", "retired"], retired: ["active"]}[row.status] || [];
  const labels = {active: "Re-admit", paused: "Pause", suspended: "Suspend", retired: "Retire"};
  return h("span", {class: "controls"}, choices.map((status) =>
    h("button", {class: "secondary small", "data-action": status, onclick: () => set(status)}, labels[status])));
}

function tokenBox(onChange) {
  const input = h("input", {type: "password", id: "ladder-token", autocomplete: "off",
    placeholder: "your upload token", value: token()});
  const save = () => { localStorage.setItem(TOKEN, input.value.trim()); onChange(); };
  return h("div", {class: "entry ladder-token"},
    h("label", {for: "ladder-token"}, "Upload token"), input,
    h("button", {class: "secondary", onclick: save}, "Use"),
    h("button", {class: "secondary", onclick: () => { input.value = ""; save(); }}, "Forget"));
}

function submitForm(league, onDone) {
  const game = h("select", {id: "submit-game"}, league.games.map((g) => h("option", {value: g}, g)));
  const name = h("input", {id: "submit-name", placeholder: "mybot", maxlength: 40, required: true});
  const command = h("input", {id: "submit-command", value: "python3 bot.py", maxlength: 1000, required: true});
  const file = h("input", {id: "submit-file", type: "file"});
  const message = h("div", {class: "entry-error", role: "status"});
  const send = async (event) => {
    event.preventDefault();
    fill(message);
    if (!file.files.length) { fill(message, "Choose your bot's file or archive."); return; }
    const chosen = file.files[0];
    const query = new URLSearchParams({game: game.value, name: name.value.trim(), command: command.value, filename: chosen.name});
    try {
      const version = await request(`/api/ladder/bots?${query}`, {method: "POST",
        headers: {"Content-Type": "application/octet-stream"}, body: await chosen.arrayBuffer()});
      toast(`${version.bot} v${version.version} submitted: it plays its qualification now`, "ok");
      onDone();
    } catch (error) {
      fill(message, error.message);
    }
  };
  return h("form", {class: "ladder-submit", onsubmit: send},
    h("div", {class: "param"}, h("label", {for: "submit-game"}, "Game"), game),
    h("div", {class: "param"}, h("label", {for: "submit-name"}, "Bot name"), name,
      h("span", {class: "doc"}, "the same name again makes a new version")),
    h("div", {class: "param"}, h("label", {for: "submit-command"}, "Command"), command,
      h("span", {class: "doc"}, "run in your bot's folder; it speaks JSON lines (docs/protocol.md)")),
    h("div", {class: "param"}, h("label", {for: "submit-file"}, "File or archive"), file,
      h("span", {class: "doc"}, `one file, or .zip / .tar.gz up to ${league.upload_mb} MB`)),
    h("button", {class: "primary", type: "submit", id: "submit-bot"}, "Submit"), message);
}

function mineTable(versions) {
  if (!versions.length) return h("p", {class: "lead"}, "You have not submitted a bot yet.");
  return h("table", {class: "info my-bots"},
    h("thead", {}, h("tr", {}, ["bot", "game", "status", "message"].map((c) => h("th", {}, c)))),
    h("tbody", {}, versions.map((v) => h("tr", {"data-bot": v.bot},
      h("td", {}, h("a", {href: `#/ladder/${v.id}`}, `${v.bot} v${v.version}`)),
      h("td", {}, v.game), h("td", {}, statusBadge(v.status)),
      h("td", {}, v.message, v.private ? h("details", {}, h("summary", {}, "details (only you see these)"),
        h("pre", {class: "stderr"}, v.private)) : null)))));
}

export async function showLadder(main, config) {
  leaveLadder();
  if (!config.ladder) {
    fill(main, h("section", {class: "ladder"}, h("h1", {}, "Ladder"),
      h("p", {class: "lead"}, "Start a standing league to see it here:"),
      h("pre", {}, "parlour ladder serve --games hearts --out league/")));
    return;
  }
  const league = await getJSON("/api/ladder");
  const boards = h("div", {class: "ladder-boards"});
  const mine = h("div", {class: "ladder-mine"});
  let holder = null;
  const refresh = async () => {
    try {
      holder = token() ? await request("/api/ladder/me") : null;
    } catch (error) {
      holder = null;
      toast(error.message);
    }
    const organiser = Boolean(holder && holder.organiser);
    const parts = [];
    for (const game of league.games) {
      const rows = await getJSON(`/api/ladder/leaderboard?game=${encodeURIComponent(game)}`);
      const live = await getJSON(`/api/ladder/live?game=${encodeURIComponent(game)}`);
      parts.push(h("h2", {}, game), leaderboardTable(rows, league.anchors, organiser, refresh),
        h("p", {class: "hints"}, "Ratings are OpenSkill means relative to the random anchor (0), with 95% intervals; ",
          "“vs” columns: mean return per deal above that anchor in the same duplicate matches. ",
          h("a", {href: `/api/ladder/leaderboard?game=${encodeURIComponent(game)}&format=csv`}, "CSV"), " · ",
          h("a", {href: `/api/ladder/leaderboard?game=${encodeURIComponent(game)}`}, "JSON")),
        h("h3", {}, "Playing now"), playingNow(live));
    }
    fill(boards, parts);
    if (holder) {
      fill(mine, h("h2", {}, organiser ? `Every bot (you are the organiser, ${holder.name})` : `Your bots (${holder.name})`),
        mineTable(await request("/api/ladder/mine")), submitForm(league, refresh));
    } else {
      fill(mine, h("p", {class: "lead"}, "Enter the upload token the organiser gave you to submit a bot."));
    }
  };
  fill(main, h("section", {class: "ladder"}, h("h1", {}, "Ladder"),
    h("p", {class: "lead"}, `Bots play duplicate matches around the clock: ${league.move_time} s a move, `,
      `${league.memory_mb} MiB each, in a sandbox. A new bot first plays ${league.qualification_games} `,
      "qualification game(s)."),
    tokenBox(refresh), mine, boards));
  await refresh();
  timer = setInterval(() => refresh().catch((error) => toast(error.message)), REFRESH_SECONDS * 1000);
}

export async function showLadderBot(main, id) {
  leaveLadder();
  const page = await request(`/api/ladder/versions/${encodeURIComponent(id)}`);
  const live = await getJSON(`/api/ladder/live?version=${encodeURIComponent(id)}`);
  const versions = h("table", {class: "info"},
    h("thead", {}, h("tr", {}, ["version", "status", "message"].map((c) => h("th", {}, c)))),
    h("tbody", {}, page.versions.map((v) => h("tr", {},
      h("td", {}, h("a", {href: `#/ladder/${v.id}`}, `v${v.version}`)), h("td", {}, statusBadge(v.status)),
      h("td", {}, v.message, v.private ? h("details", {}, h("summary", {}, "details (only you see these)"),
        h("pre", {class: "stderr"}, v.private)) : null)))));
  const standings = page.standings.map((s) => h("p", {},
    `${s.label}: rating ${signed(s.rating)} (95%: ${signed(s.low)} … ${signed(s.high)}), `,
    `${s.matches} match(es), ${s.games} game(s), ${s.faults} fault(s), ${seconds(s.seconds_per_decision)} a move`));
  const opponents = h("table", {class: "info"},
    h("thead", {}, h("tr", {}, ["opponent", "games", "your mean return minus theirs, per game"].map((c) => h("th", {}, c)))),
    h("tbody", {}, Object.entries(page.opponents).map(([name, o]) => h("tr", {},
      h("td", {}, name), h("td", {class: "num"}, o.games), h("td", {class: "num"}, signed(o.mean_margin))))));
  const recent = h("table", {class: "info recent-games"},
    h("thead", {}, h("tr", {}, ["game", "seats", "returns", "faults", ""].map((c) => h("th", {}, c)))),
    h("tbody", {}, page.recent.map((g) => h("tr", {},
      h("td", {}, `${g.match}-${g.seating}`), h("td", {}, g.seats.join(", ")),
      h("td", {class: "num"}, g.returns.map((x) => number(x, 0)).join(" / ")),
      h("td", {}, g.faults.map(([seat, kind]) => `seat ${seat}: ${kind}`).join("; ") || "–"),
      h("td", {}, h("button", {class: "secondary small open-replay", onclick: () => openReplay(g.match, g.seating)}, "Replay"))))));
  fill(main, h("section", {class: "ladder-bot"},
    h("p", {}, h("a", {href: "#/ladder"}, "← the ladder")),
    h("h1", {}, page.bot), h("p", {class: "lead"}, `${page.game} · by ${page.owner}`),
    standings, h("h2", {}, "Versions"), versions,
    h("h2", {}, "Playing now"), playingNow(live),
    h("h2", {}, "Against each opponent"), opponents,
    h("h2", {}, "Recent games"), page.recent.length ? recent : h("p", {}, "No game yet.")));
}
