// Replays: open a record, then step or scrub through it with every hand face up.
import {getJSON, postBytes, toast} from "./api.js";
import {fill, h, suitText} from "./dom.js";
import {logLine, renderSide, renderTable} from "./table.js";

const SPEEDS = [[2, "slow"], [1, "normal"], [0.4, "fast"], [0.1, "very fast"]];
let player = null;

export function leaveReplay() {
  if (player) player.stop();
  player = null;
}

export function showReplayPicker(main, config) {
  leaveReplay();
  const input = h("input", {type: "file", id: "record-file", accept: ".json,.gz,application/json,application/gzip"});
  const drop = h("div", {class: "drop", tabindex: 0},
    h("p", {}, "Drop a record file here (.json or .json.gz), or choose one:"), input);
  const open = async (file) => {
    try {
      const bytes = await file.arrayBuffer();
      const meta = await postBytes(`/api/replays?name=${encodeURIComponent(file.name)}`, bytes);
      location.hash = `#/replay/${meta.id}`;
    } catch (error) {
      toast(error.message);
      fill(message, h("div", {class: "form-error", role: "alert"}, error.message));
    }
  };
  const message = h("div");
  input.addEventListener("change", () => input.files.length && open(input.files[0]));
  drop.addEventListener("dragover", (e) => { e.preventDefault(); drop.classList.add("over"); });
  drop.addEventListener("dragleave", () => drop.classList.remove("over"));
  drop.addEventListener("drop", (e) => {
    e.preventDefault();
    drop.classList.remove("over");
    if (e.dataTransfer.files.length) open(e.dataTransfer.files[0]);
  });
  fill(main, h("section", {class: "replay-picker"},
    h("h1", {}, "Replays"),
    h("p", {class: "lead"}, "Open the record of a game (from ", h("code", {}, "parlour play --record"),
      ", a tournament, or a game you played here) and step through it with every hand face up."),
    drop, message,
    config.tournaments ? h("p", {}, "Or open a game from ", h("a", {href: "#/tournaments"}, "the tournament"), ".") : null));
}

export async function showReplay(main, id) {
  leaveReplay();
  fill(main, h("p", {class: "loading"}, "Re-simulating the record…"));
  let data;
  try {
    data = await getJSON(`/api/replays/${encodeURIComponent(id)}`);
  } catch (error) {
    fill(main, h("div", {class: "form-error", role: "alert"}, error.message),
      h("p", {}, h("a", {href: "#/replays"}, "Open a record")));
    return;
  }
  player = new ReplayPlayer(main, id, data);
}

class ReplayPlayer {
  constructor(main, id, data) {
    this.id = id;
    this.meta = data.meta;
    this.steps = data.steps;
    this.index = 0;
    this.timer = null;
    this.speed = 1;
    this.ctx = {interactive: false, selection: new Set(), onAction: () => {}, onSelect: () => {},
                redraw: () => this.draw()};
    this.build(main);
    this.keys = (e) => this.key(e);
    document.addEventListener("keydown", this.keys);
    this.go(0);
  }

  build(main) {
    const m = this.meta;
    const result = m.complete ? `winner${m.winners.length === 1 ? "" : "s"}: ${m.winners.map((w) => `seat ${w}`).join(", ") || "none"}` : "unfinished";
    this.slider = h("input", {type: "range", min: 0, max: this.steps.length - 1, value: 0, id: "replay-slider",
                              "aria-label": "move", oninput: (e) => this.go(Number(e.target.value))});
    this.label = h("div", {class: "step-label", id: "step-label"});
    this.playButton = h("button", {class: "primary", id: "replay-play", onclick: () => this.toggle()}, "▶ Play");
    const button = (text, id, title, action) => h("button", {class: "secondary", id, title, onclick: action}, text);
    const controls = h("div", {class: "replay-controls"},
      button("« start", "replay-start", "the start (Home)", () => this.go(0)),
      button("⇤ deal", "replay-prev-deal", "the previous deal (Page Up)", () => this.deal(-1)),
      button("◀", "replay-prev", "back one move (←)", () => this.go(this.index - 1)),
      this.playButton,
      button("▶", "replay-next", "one move on (→)", () => this.go(this.index + 1)),
      button("deal ⇥", "replay-next-deal", "the next deal (Page Down)", () => this.deal(1)),
      button("end »", "replay-end", "the end (End)", () => this.go(this.steps.length - 1)),
      h("select", {"aria-label": "speed", onchange: (e) => { this.speed = Number(e.target.value); }},
        SPEEDS.map(([v, name]) => h("option", {value: v, selected: v === 1}, name))));
    this.tableRoot = h("div", {class: "table-view"});
    this.side = h("div", {class: "side-info"});
    this.logList = h("ol", {class: "log", id: "log"});
    const params = Object.entries(m.params).map(([k, v]) => `${k}=${v}`).join(", ");
    fill(main, h("div", {class: "play-page replay"},
      h("div", {class: "main-col"},
        h("div", {class: "replay-head"},
          h("h1", {}, `Replay: ${m.game}`),
          h("div", {class: "replay-facts"},
            `${m.source} · seed ${m.seed} · ${m.moves} moves · ${result}`, params ? ` · ${params}` : "")),
        this.label, this.slider, controls, this.tableRoot),
      h("aside", {class: "side"},
        h("div", {class: "side-controls"},
          h("a", {class: "button secondary", href: `/api/replays/${encodeURIComponent(this.id)}/record`,
                  download: `${m.game}-${m.seed}.json`}, "Download the record"),
          h("a", {class: "button secondary", href: "#/replays"}, "Open another")),
        h("div", {class: "side-title"}, "Seats"),
        h("ol", {class: "seat-list", start: 0}, m.seats.map((spec, seat) => h("li", {}, `seat ${seat}: ${spec}`))),
        m.faults.length ? h("details", {class: "faults"}, h("summary", {}, `${m.faults.length} fault(s)`),
          h("ul", {}, m.faults.map((f) => h("li", {}, f)))) : null,
        this.side, h("div", {class: "side-title"}, "Log"), this.logList)));
  }

  go(index) {
    const last = this.steps.length - 1;
    index = Math.max(0, Math.min(last, index));
    this.index = index;
    this.slider.value = String(index);
    this.draw();
    if (index === last) this.stop();
  }

  deal(direction) {
    const starts = this.meta.deals;
    if (direction < 0) {
      const before = starts.filter((i) => i < this.index);
      this.go(before.length ? before[before.length - 1] : 0);
    } else {
      const after = starts.find((i) => i > this.index);
      this.go(after ?? this.steps.length - 1);
    }
  }

  draw() {
    const step = this.steps[this.index];
    renderTable(this.tableRoot, step.view, this.ctx);
    renderSide(this.side, step.view);
    const move = step.move;
    const who = move ? `${step.view.seats[move.seat].label} (${this.meta.seats[move.seat]})` : "";
    fill(this.label, h("strong", {}, this.index ? `Move ${this.index} of ${this.steps.length - 1}` : "The start"),
      move ? [": ", who, " ", suitText(move.action)] : "",
      step.view.status ? h("span", {class: "step-status"}, ` — ${step.view.status}`) : null);
    const lines = [];
    for (let i = 0; i <= this.index; i++) lines.push(...this.steps[i].log);
    fill(this.logList, lines.slice(-400).map(logLine));
    this.logList.scrollTop = this.logList.scrollHeight;
  }

  toggle() {
    if (this.timer) this.stop();
    else {
      if (this.index >= this.steps.length - 1) this.go(0);
      this.playButton.textContent = "⏸ Pause";
      const tick = () => {
        this.go(this.index + 1);
        if (this.timer) this.timer = setTimeout(tick, this.speed * 1000);
      };
      this.timer = setTimeout(tick, this.speed * 1000);
    }
  }

  stop() {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (this.playButton) this.playButton.textContent = "▶ Play";
    if (!document.body.contains(this.slider)) document.removeEventListener("keydown", this.keys);
  }

  key(e) {
    if (!document.body.contains(this.slider)) {
      document.removeEventListener("keydown", this.keys);
      return;
    }
    if (e.target instanceof HTMLInputElement || e.target instanceof HTMLSelectElement) return;
    const moves = {ArrowRight: 1, ArrowLeft: -1};
    if (e.key in moves) { this.go(this.index + moves[e.key]); e.preventDefault(); }
    else if (e.key === "Home") this.go(0);
    else if (e.key === "End") this.go(this.steps.length - 1);
    else if (e.key === "PageUp") this.deal(-1);
    else if (e.key === "PageDown") this.deal(1);
    else if (e.key === " ") { this.toggle(); e.preventDefault(); }
  }
}
