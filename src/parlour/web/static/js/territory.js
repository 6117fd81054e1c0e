// Territory: the torus as a grid, and a planner to build a turn by clicking.
import {h} from "./dom.js";

const SEAT_COLOURS = ["#2563eb", "#c2410c", "#9333ea", "#b45309", "#0e7490", "#be185d", "#4d7c0f"];
const YOU = "#15803d";
const DIRECTIONS = [["n", "↑ north"], ["w", "← west"], ["e", "→ east"], ["s", "↓ south"]];

export function ownerColour(owner, board) {
  if (board.you !== null && owner === board.you) return YOU;
  if (owner < board.players) return SEAT_COLOURS[owner % SEAT_COLOURS.length];
  const light = 70 + ((owner * 37) % 19);
  return `hsl(35, 10%, ${light}%)`;
}

function plannerState(ctx) {
  if (!ctx.territory) ctx.territory = {selected: null, planned: []};
  return ctx.territory;
}

function available(board, plan, row, col) {
  const used = plan.planned.filter((m) => m.row === row && m.col === col)
    .reduce((sum, m) => sum + m.count, 0);
  return board.numbers[row][col] - used;
}

/** The board (and, at your turn, the planner) as one element. */
export function renderTerritory(view, ctx) {
  const board = view.board;
  const size = board.size;
  const cell = Math.max(12, Math.min(44, Math.floor(620 / size)));
  const plan = plannerState(ctx);
  const mine = (r, c) => board.you !== null && board.owners[r][c] === board.you;
  const planning = view.your_turn && ctx.interactive;
  const grid = h("div", {
    class: "board", role: "grid", "aria-label": `${size} by ${size} board`,
    style: {gridTemplateColumns: `22px repeat(${size}, ${cell}px)`, fontSize: `${Math.max(9, cell * 0.36)}px`},
  });
  grid.append(h("span", {class: "corner"}));
  for (let c = 0; c < size; c++) grid.append(h("span", {class: "coord"}, c));
  for (let r = 0; r < size; r++) {
    grid.append(h("span", {class: "coord"}, r));
    for (let c = 0; c < size; c++) {
      const owner = board.owners[r][c];
      const colour = ownerColour(owner, board);
      const selected = plan.selected && plan.selected[0] === r && plan.selected[1] === c;
      const leaving = plan.planned.filter((m) => m.row === r && m.col === c);
      const seat = owner < board.players;
      const square = h(planning && mine(r, c) ? "button" : "span", {
        class: `square${seat ? " owned" : " zombie"}${mine(r, c) ? " mine" : ""}${selected ? " selected" : ""}`,
        style: {background: colour, height: `${cell}px`},
        title: `row ${r}, column ${c}: owner ${owner}${seat ? ` (seat ${owner})` : " (zombie)"}, ${board.numbers[r][c]} pieces`,
        "data-row": r, "data-col": c,
        onclick: planning && mine(r, c) ? () => { plan.selected = [r, c]; ctx.redraw(); } : null,
      }, String(board.numbers[r][c]),
      leaving.length ? h("span", {class: "arrows"}, leaving.map((m) => `${{n: "↑", s: "↓", e: "→", w: "←"}[m.dir]}${m.count}`).join(" ")) : null);
      grid.append(square);
    }
  }
  const legend = h("div", {class: "legend"},
    Array.from({length: board.players}, (_, seat) => h("span", {class: "legend-item"},
      h("span", {class: "swatch", style: {background: ownerColour(seat, board)}}),
      board.you === seat ? "you" : `seat ${seat}`)),
    h("span", {class: "legend-item"}, h("span", {class: "swatch", style: {background: ownerColour(board.players + 1, board)}}), "zombies"));
  const parts = [h("div", {class: "board-wrap"}, grid, legend)];
  if (planning) parts.push(planner(view, ctx, plan));
  return h("div", {class: "territory"}, parts);
}

function planner(view, ctx, plan) {
  const board = view.board;
  const box = h("div", {class: "planner"}, h("div", {class: "side-title"}, "Your turn"));
  if (plan.selected) {
    const [r, c] = plan.selected;
    const left = available(board, plan, r, c);
    const count = h("input", {type: "number", min: 1, max: Math.max(1, left), value: Math.max(1, left),
                              class: "count", "aria-label": "pieces to move"});
    box.append(h("div", {}, `Square ${r},${c}: ${left} piece${left === 1 ? "" : "s"} free to move`));
    box.append(h("label", {class: "count-label"}, "Move ", count, " piece(s)"));
    const dirs = h("div", {class: "directions"});
    for (const [dir, label] of DIRECTIONS) {
      dirs.append(h("button", {class: `move dir dir-${dir}`, disabled: left < 1, "data-dir": dir,
        onclick: () => {
          const n = Math.min(left, Math.max(1, Math.floor(Number(count.value) || left)));
          plan.planned.push({row: r, col: c, dir, count: n});
          ctx.redraw();
        }}, label));
    }
    box.append(dirs);
  } else {
    box.append(h("div", {class: "hint"}, "Click one of your squares (green) to move its pieces."));
  }
  if (plan.planned.length) {
    box.append(h("ol", {class: "planned"}, plan.planned.map((m, i) => h("li", {},
      `${m.row},${m.col} ${m.dir} ${m.count} `,
      h("button", {class: "remove", title: "remove this move",
                   onclick: () => { plan.planned.splice(i, 1); ctx.redraw(); }}, "×")))));
  }
  box.append(h("div", {class: "planner-actions"},
    h("button", {class: "move primary", id: "play-turn", disabled: !plan.planned.length,
      onclick: () => {
        const text = plan.planned.map((m) => `${m.row},${m.col} ${m.dir} ${m.count}`).join("; ");
        ctx.territory = null;
        ctx.onAction(text);
      }}, `Play the turn${plan.planned.length ? ` (${plan.planned.length} move${plan.planned.length > 1 ? "s" : ""})` : ""}`),
    h("button", {class: "move", disabled: !plan.planned.length && !plan.selected,
      onclick: () => { ctx.territory = null; ctx.redraw(); }}, "Clear")));
  return box;
}
