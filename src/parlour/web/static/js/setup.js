// The Play page: choose a game, its parameters, your seat and the bots, then sit down.
import {getJSON, postJSON, toast} from "./api.js";
import {fill, h} from "./dom.js";

const STORE = "parlour.setup";
const PACES = [[0, "instant"], [0.3, "fast"], [0.6, "normal"], [1.2, "slow"], [2.5, "very slow"]];
const LOCAL = "__local__";

let catalog = null;

function remembered() {
  try { return JSON.parse(localStorage.getItem(STORE) || "{}"); } catch (_) { return {}; }
}

function remember(settings) {
  try { localStorage.setItem(STORE, JSON.stringify(settings)); } catch (_) { /* private mode */ }
}

export async function showSetup(main, config) {
  if (!catalog) catalog = await getJSON("/api/games");
  const saved = remembered();
  const state = {
    game: catalog.some((g) => g.id === saved.game) ? saved.game : "hearts",
    params: {}, seats: [], seat: 0, seed: "", pace: saved.pace ?? 0.6, players: 0,
    agents: [], error: "",
  };
  const page = h("section", {class: "setup"});
  fill(main, page);

  function gameInfo() { return catalog.find((g) => g.id === state.game); }

  function chooseGame(id, keep = false) {
    state.game = id;
    const info = gameInfo();
    const old = keep && saved.game === id ? saved : {};
    state.params = {};
    for (const p of info.parameters) {
      const kept = old.params && p.name in old.params ? old.params[p.name] : p.default;
      state.params[p.name] = kept;
    }
    state.players = info.players;
    state.agents = info.agents;
    state.seat = old.seat ?? 0;
    state.seats = sizeSeats(old.seats || [], info.players, info.default_agent);
    state.error = "";
    draw();
  }

  function sizeSeats(seats, n, fallback) {
    const out = [];
    for (let i = 0; i < n; i++) out.push(seats[i] && seats[i] !== "human" ? seats[i] : fallback);
    return out;
  }

  async function checkParams() {
    const before = JSON.stringify([state.error, state.agents, state.players]);
    try {
      const answer = await postJSON("/api/games/check", {game: state.game, params: changedParams()});
      state.error = "";
      state.agents = answer.agents;
      if (answer.players !== state.players) {
        state.players = answer.players;
        state.seats = sizeSeats(state.seats, answer.players, gameInfo().default_agent);
        if (state.seat >= answer.players) state.seat = 0;
      }
    } catch (error) {
      state.error = error.message;
    }
    // redraw only when something shown changed: a person may be typing in the next field
    if (JSON.stringify([state.error, state.agents, state.players]) !== before) draw();
  }

  function changedParams() {
    const out = {};
    for (const p of gameInfo().parameters) {
      if (state.params[p.name] !== p.default) out[p.name] = state.params[p.name];
    }
    return out;
  }

  function paramInput(p) {
    const value = state.params[p.name];
    const id = `param-${p.name}`;
    let input;
    const changed = (v) => { state.params[p.name] = v; checkParams(); };
    const typed = (e) => { state.params[p.name] = castParam(p, e.target.value); };
    if (p.type === "bool") {
      input = h("input", {type: "checkbox", id, checked: !!value, onchange: (e) => changed(e.target.checked)});
    } else if (p.choices) {
      input = h("select", {id, onchange: (e) => changed(castParam(p, e.target.value))},
        p.choices.map((c) => h("option", {value: c, selected: c === value}, String(c))));
    } else if (p.type === "int" || p.type === "float") {
      input = h("input", {type: "number", id, value, min: p.min ?? null, max: p.max ?? null,
                          step: p.type === "int" ? 1 : "any", oninput: typed,
                          onchange: (e) => changed(castParam(p, e.target.value))});
    } else {
      input = h("input", {type: "text", id, value, oninput: typed,
                          onchange: (e) => changed(e.target.value)});
    }
    return h("div", {class: "param"}, h("label", {for: id}, p.name.replace(/_/g, " ")), input,
      h("div", {class: "doc"}, p.doc));
  }

  function seatRow(i) {
    const you = state.seat === i;
    const spec = state.seats[i];
    const builtIn = state.agents.some((a) => a.spec === spec) || spec === "human";
    const select = h("select", {class: "seat-agent", "data-seat": i, disabled: you,
      "aria-label": `seat ${i} agent`,
      onchange: (e) => {
        state.seats[i] = e.target.value === LOCAL ? "exec:" : e.target.value;
        draw();
      }},
      you ? h("option", {value: "human"}, "you") : null,
      state.agents.map((a) => h("option", {value: a.spec, selected: !you && a.spec === spec,
                                           title: a.note || a.spec}, a.spec)),
      h("option", {value: "human", selected: !you && spec === "human"}, "a person (share an invite link)"),
      config.allow_local_bots ? h("option", {value: LOCAL, selected: !you && !builtIn}, "a local bot (exec: or file:)…") : null);
    const row = h("div", {class: `seat-row${you ? " you" : ""}`},
      h("label", {class: "seat-you"}, h("input", {type: "radio", name: "your-seat", value: i, checked: you,
        onchange: () => { state.seat = i; draw(); }}), ` Seat ${i}`),
      select);
    if (!you && !builtIn && config.allow_local_bots) {
      row.append(h("input", {type: "text", class: "local-spec", value: spec, placeholder: "exec:./mybot  or  file:bots/mine.py",
        oninput: (e) => { state.seats[i] = e.target.value; }}));
    }
    return row;
  }

  /** Whether another person sits at the table: then the server draws the seed. */
  function othersInvited(seats) {
    return seats.some((spec, i) => i !== state.seat && spec === "human");
  }

  async function start(event) {
    event.preventDefault();
    const seats = state.seats.map((spec, i) => (i === state.seat ? "human" : spec));
    const body = {game: state.game, params: changedParams(), seats, seat: state.seat,
                  pace: Number(state.pace)};
    if (String(state.seed).trim() !== "" && !othersInvited(seats)) body.seed = Number(state.seed);
    remember({game: state.game, params: state.params, seats: state.seats, seat: state.seat, pace: state.pace});
    try {
      const answer = await postJSON("/api/tables", body);
      location.hash = `#/table/${answer.token}`;
    } catch (error) {
      state.error = error.message;
      toast(error.message);
      draw();
    }
  }

  function draw() {
    const focused = document.activeElement && document.activeElement.id;
    const info = gameInfo();
    const tiles = h("div", {class: "game-tiles", role: "radiogroup", "aria-label": "games"},
      catalog.map((g) => h("button", {
        class: `game-tile${g.id === state.game ? " chosen" : ""}`, role: "radio",
        "aria-checked": g.id === state.game ? "true" : "false", "data-game": g.id,
        onclick: () => chooseGame(g.id),
      }, h("span", {class: "tile-name"}, g.name), h("span", {class: "tile-desc"}, g.description))));
    const form = h("form", {class: "setup-form", onsubmit: start},
      h("fieldset", {class: "params"}, h("legend", {}, `${info.name}: rules`),
        info.parameters.length ? info.parameters.map(paramInput) : h("p", {}, "No parameters.")),
      h("fieldset", {class: "seats"}, h("legend", {}, "Seats: pick yours, and who plays the others"),
        Array.from({length: state.players}, (_, i) => seatRow(i)),
        // the agents' notes once, under the seats, rather than cut off inside each select
        h("dl", {class: "agent-notes"}, state.agents.filter((a) => a.note).map((a) =>
          [h("dt", {}, a.spec), h("dd", {}, a.note)]).flat())),
      h("fieldset", {class: "extras"}, h("legend", {}, "Table"),
        h("div", {class: "param"}, h("label", {for: "pace"}, "bot pace"),
          h("select", {id: "pace", onchange: (e) => { state.pace = Number(e.target.value); }},
            PACES.map(([v, name]) => h("option", {value: v, selected: Number(state.pace) === v}, `${name} (${v} s a move)`))),
          h("div", {class: "doc"}, "How long the bots wait before each move, so you can follow them. You can change it at the table.")),
        h("div", {class: "param"}, h("label", {for: "seed"}, "seed"),
          othersInvited(state.seats)
            ? h("input", {id: "seed", type: "number", disabled: true, placeholder: "drawn by the server"})
            : h("input", {id: "seed", type: "number", min: 0, placeholder: "random", value: state.seed,
                          oninput: (e) => { state.seed = e.target.value; }}),
          h("div", {class: "doc"}, othersInvited(state.seats)
            ? "With another person at the table the server draws the seed, so nobody knows the deal; the record shows it after the game."
            : "Optional: the same seed deals the same cards."))),
      state.error ? h("div", {class: "form-error", role: "alert"}, state.error) : null,
      h("button", {type: "submit", class: "primary big", id: "start", disabled: !!state.error},
        `Sit down at ${info.name}`));
    fill(page, h("h1", {}, "Play against the bots"),
      h("p", {class: "lead"}, "Choose a game, then press the button: you sit at the highlighted seat and bots take the others."),
      tiles, form);
    if (focused && document.getElementById(focused)) document.getElementById(focused).focus();
  }

  chooseGame(state.game, true);
}

function castParam(p, raw) {
  if (p.type === "int") return Number.parseInt(raw, 10);
  if (p.type === "float") return Number.parseFloat(raw);
  return raw;
}
