// A live table: the WebSocket to the server, your seat's view, your moves, the deal's log.
import {postBytes, toast} from "./api.js";
import {fill, h} from "./dom.js";
import {logLine, renderSide, renderTable} from "./table.js";

const PACES = [[0, "instant"], [0.3, "fast"], [0.6, "normal"], [1.2, "slow"], [2.5, "very slow"]];

let current = null;  // the table shown now (closed when the page changes)

export function leaveTable() {
  if (current) current.close();
  current = null;
}

export function showTable(main, token) {
  leaveTable();
  current = new LiveTable(main, token);
}

class LiveTable {
  constructor(main, token) {
    this.token = token;
    this.view = null;
    this.meta = null;
    this.log = [];
    this.busy = false;
    this.closed = false;
    this.retries = 0;
    this.ctx = {
      interactive: false, selection: new Set(),
      onAction: (text) => this.act(text),
      onSelect: (card) => this.toggle(card),
      redraw: () => this.draw(),
    };
    this.build(main);
    this.connect();
  }

  build(main) {
    this.status = h("div", {class: "status-bar", id: "status", role: "status"}, "Connecting…");
    this.tableRoot = h("div", {class: "table-view"});
    this.entry = h("input", {type: "text", id: "move-entry", autocomplete: "off", spellcheck: "false",
                             placeholder: "or type a move (Q♠, qs, bid 18, pass…) and press Enter",
                             "aria-label": "type a move"});
    this.entryError = h("div", {class: "entry-error", role: "alert"});
    const form = h("form", {class: "entry", onsubmit: (e) => {
      e.preventDefault();
      const text = this.entry.value.trim();
      if (text) this.act(text);
    }}, this.entry, h("button", {type: "submit", class: "primary"}, "Play"));
    this.hints = h("details", {class: "hints"}, h("summary", {}, "How to play moves"), h("ul"));
    this.pace = h("select", {id: "pace-select", "aria-label": "bot pace",
      onchange: (e) => this.send({type: "pace", seconds: Number(e.target.value)})},
      PACES.map(([v, name]) => h("option", {value: v}, `bots: ${name}`)));
    this.controls = h("div", {class: "controls"});
    this.side = h("div", {class: "side-info"});
    this.invites = h("div", {class: "invites"});
    this.logList = h("ol", {class: "log", id: "log"});
    fill(main, h("div", {class: "play-page"},
      h("div", {class: "main-col"}, this.status, this.tableRoot, form, this.entryError, this.hints),
      h("aside", {class: "side"}, h("div", {class: "side-controls"}, this.pace, this.controls),
        this.invites, this.side,
        h("div", {class: "side-title"}, "This game"), this.logList)));
  }

  connect() {
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    const socket = new WebSocket(`${scheme}://${location.host}/ws/tables/${encodeURIComponent(this.token)}`);
    this.socket = socket;
    socket.addEventListener("open", () => { this.retries = 0; });
    socket.addEventListener("message", (event) => this.receive(JSON.parse(event.data)));
    socket.addEventListener("close", (event) => {
      if (this.closed || event.code === 4404 || event.code === 4403) return;
      this.retries += 1;
      const wait = Math.min(10, 0.5 * 2 ** this.retries);
      this.setStatus(`Connection lost; reconnecting in ${wait.toFixed(0)} s…`, "warn");
      setTimeout(() => { if (!this.closed) this.connect(); }, wait * 1000);
    });
  }

  close() {
    this.closed = true;
    if (this.socket) this.socket.close();
  }

  send(message) {
    if (!this.socket || this.socket.readyState !== WebSocket.OPEN) {
      toast("Not connected to the table; wait a moment and try again.");
      return false;
    }
    this.socket.send(JSON.stringify(message));
    return true;
  }

  act(text) {
    if (this.busy) return;
    if (this.send({type: "act", action: text})) {
      this.busy = true;
      this.entryError.textContent = "";
      this.draw();
    }
  }

  toggle(card) {
    const sel = this.ctx.selection;
    if (sel.has(card)) sel.delete(card);
    else if (!this.view.select || sel.size < this.view.select.count) sel.add(card);
    this.draw();
  }

  receive(message) {
    if (message.type === "view") {
      const before = this.view;
      this.view = message.view;
      this.meta = message.table;
      if (message.reset) fill(this.logList);
      this.appendLog(message.log);
      this.busy = false;
      if (!this.view.select || (before && before.hand && JSON.stringify(before.hand) !== JSON.stringify(this.view.hand))) {
        this.ctx.selection = new Set();
      }
      if (before && before.your_turn && !this.view.your_turn) this.entry.value = "";
      this.draw();
    } else if (message.type === "status") {
      this.meta = message.table;
      this.drawStatus();
      if (this.view) this.drawControls();  // a claimed invite leaves the list
    } else if (message.type === "error") {
      this.busy = false;
      this.entryError.textContent = message.message;
      toast(message.message);
      this.draw();
    } else if (message.type === "gone") {
      this.closed = true;
      this.setStatus(message.message, "warn");
      fill(this.tableRoot, h("p", {}, h("a", {href: "#/"}, "Start a new game")));
    }
  }

  appendLog(lines) {
    for (const line of lines) this.logList.append(logLine(line));
    this.logList.scrollTop = this.logList.scrollHeight;
  }

  setStatus(text, kind = "") {
    this.status.className = `status-bar ${kind}`;
    fill(this.status, text);
  }

  drawStatus() {
    const view = this.view;
    const meta = this.meta;
    if (!view || !meta) return;
    if (![...this.pace.options].some((o) => Number(o.value) === Number(meta.pace))) {
      // a pace set through the API, not one of the menu's: listed as it is
      this.pace.append(h("option", {value: meta.pace}, `bots: ${meta.pace} s`));
    }
    this.pace.value = [...this.pace.options].find((o) => Number(o.value) === Number(meta.pace)).value;
    if (view.result) {
      this.setStatus(view.result.headline, "over");
    } else if (meta.thinking !== null && meta.thinking !== undefined) {
      this.setStatus(`${view.seats[meta.thinking].label} is thinking…`, "thinking");
    } else if (view.your_turn) {
      this.setStatus(view.status, "your-turn");
    } else {
      this.setStatus(view.status, "");
    }
  }

  draw() {
    const view = this.view;
    if (!view) return;
    this.ctx.interactive = view.your_turn && !this.busy && !view.result;
    renderTable(this.tableRoot, view, this.ctx);
    renderSide(this.side, view);
    this.entry.disabled = !this.ctx.interactive;
    this.entry.placeholder = `or type a move (${view.entry_hint}) and press Enter`;
    fill(this.hints.querySelector("ul"), view.hints.map((line) => h("li", {}, line)));
    this.drawStatus();
    this.drawControls();
  }

  drawControls() {
    const meta = this.meta;
    const over = this.view.result || meta.finished;
    const buttons = [];
    if (!over) {
      buttons.push(h("button", {class: "secondary", id: "leave", onclick: () => {
        if (confirm("Leave this game? It ends for every seat.")) this.send({type: "resign"});
      }}, "Leave game"));
    } else {
      buttons.push(h("a", {class: "button primary", id: "download-record",
                           href: `/api/tables/${encodeURIComponent(this.token)}/record`,
                           download: `${meta.game}-${meta.seed}.json`}, "Download the record"));
      buttons.push(h("button", {class: "secondary", id: "watch-replay", onclick: () => this.replay()},
        "Watch the replay"));
      buttons.push(h("a", {class: "button secondary", href: "#/"}, "New game"));
    }
    fill(this.controls, buttons);
    const invites = Object.entries(meta.invites || {});
    if (invites.length && !over) {
      fill(this.invites, h("div", {class: "side-title"}, "Invite people"),
        h("div", {class: "doc"}, "Each link seats one person: the first browser to open it."),
        invites.map(([seat, code]) => {
          const link = `${location.origin}${location.pathname}#/invite/${code}`;
          return h("div", {class: "invite"}, `Seat ${seat}: `,
            h("input", {type: "text", readonly: true, value: link, "aria-label": `invite link for seat ${seat}`,
                        onclick: (e) => e.target.select()}));
        }));
    } else {
      fill(this.invites);
    }
  }

  async replay() {
    try {
      const response = await fetch(`/api/tables/${encodeURIComponent(this.token)}/record`);
      if (!response.ok) throw new Error(`cannot fetch the record (${response.status})`);
      const bytes = await response.arrayBuffer();
      const meta = await postBytes(`/api/replays?name=${encodeURIComponent(this.meta.game)}`, bytes);
      location.hash = `#/replay/${meta.id}`;
    } catch (error) {
      toast(error.message);
    }
  }
}
