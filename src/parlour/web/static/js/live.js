// A ladder game watched while it is played (#/watch/MATCH-SEATING): the table as a spectator
// sees it (no hand, nothing passed in secret), one move at a time; the game's replay opens
// when it ends.
import {getJSON, postJSON, toast} from "./api.js";
import {fill, h, suitText} from "./dom.js";
import {logLine, renderSide, renderTable} from "./table.js";

const POLL_MS = 700;
let watcher = null;

export function leaveLive() {
  if (watcher) watcher.stop();
  watcher = null;
}

/** The games the league is playing now, each with a Watch link ("" when none). */
export function playingNow(games) {
  if (!games.length) return h("p", {class: "hints playing-now"}, "No game is being played right now.");
  return h("ul", {class: "playing-now"}, games.map((g) => h("li", {},
    h("a", {class: "button secondary small watch-game", href: `#/watch/${g.match}-${g.seating}`}, "Watch"),
    ` game ${g.match}-${g.seating}: ${g.seats.join(", ")}`)));
}

export function showLive(main, arg) {
  leaveLive();
  const [match, seating] = arg.split("-").map(Number);
  watcher = new LiveWatcher(main, match, seating);
}

class LiveWatcher {
  constructor(main, match, seating) {
    this.match = match;
    this.seating = seating;
    this.steps = [];
    this.log = [];
    this.timer = null;
    this.stopped = false;
    this.ctx = {interactive: false, selection: new Set(), onAction: () => {}, onSelect: () => {},
                redraw: () => this.draw()};
    this.head = h("div", {class: "replay-facts", id: "live-facts"}, "Waiting for the game…");
    this.label = h("div", {class: "step-label", id: "live-label"});
    this.tableRoot = h("div", {class: "table-view"});
    this.side = h("div", {class: "side-info"});
    this.seatList = h("ol", {class: "seat-list", start: 0});
    this.logList = h("ol", {class: "log", id: "log"});
    fill(main, h("div", {class: "play-page replay live"},
      h("div", {class: "main-col"},
        h("div", {class: "replay-head"},
          h("h1", {}, h("span", {class: "badge live-badge"}, "live"), ` Ladder game ${match}-${seating}`),
          this.head),
        this.label, this.tableRoot),
      h("aside", {class: "side"},
        h("div", {class: "side-controls"}, h("a", {class: "button secondary", href: "#/ladder"}, "← the ladder")),
        h("div", {class: "side-title"}, "Seats"), this.seatList,
        this.side, h("div", {class: "side-title"}, "Log"), this.logList)));
    this.poll();
  }

  stop() {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  async poll() {
    if (this.stopped) return;
    let answer;
    try {
      answer = await getJSON(`/api/ladder/live/${this.match}/${this.seating}?since=${this.steps.length}`);
    } catch (error) {
      fill(this.head, error.message);
      this.timer = setTimeout(() => this.poll(), 3 * POLL_MS);
      return;
    }
    if (this.stopped) return;
    if (answer.state === "finished") {
      fill(this.head, "The game has ended: opening its replay…");
      try {
        const meta = await postJSON(`/api/ladder/games/${this.match}/${this.seating}/replay`, {});
        if (!this.stopped) location.replace(`#/replay/${meta.id}`);
      } catch (error) {
        toast(error.message);
      }
      return;
    }
    if (answer.total < this.steps.length) {  // the game was started again (a restarted server)
      this.steps = [];
      this.log = [];
    } else {
      this.steps.push(...answer.steps);
      for (const step of answer.steps) this.log.push(...step.log);
    }
    fill(this.seatList, answer.seats.map((name, seat) => h("li", {}, `seat ${seat}: ${name}`)));
    fill(this.head, answer.state === "starting" ? `${answer.game} · waiting for the game's first moves…`
      : `${answer.game} · being played now · the page follows each move`);
    if (answer.steps.length) this.draw();
    this.timer = setTimeout(() => this.poll(), POLL_MS);
  }

  draw() {
    const index = this.steps.length - 1;
    if (index < 0) return;
    const step = this.steps[index];
    renderTable(this.tableRoot, step.view, this.ctx);
    renderSide(this.side, step.view);
    const move = step.move;
    const who = move ? step.view.seats[move.seat].agent || `Seat ${move.seat}` : "";
    const what = move ? (move.action === null ? "moves (not shown to spectators)" : suitText(move.action)) : "";
    fill(this.label, h("strong", {id: "live-move", "data-moves": index}, index ? `Move ${index}` : "The deal"),
      move ? [": ", who, " ", what] : "",
      step.view.status ? h("span", {class: "step-status"}, ` — ${step.view.status}`) : null);
    fill(this.logList, this.log.slice(-400).map(logLine));
    this.logList.scrollTop = this.logList.scrollHeight;
  }
}
