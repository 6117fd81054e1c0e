// Drawing a view (from the server) as a table: seats round the felt, the trick, your hand,
// the moves as buttons. Shared by live play and replays.
import {backSVG, cardSVG, discSVG} from "./cards.js";
import {fill, h, suitText} from "./dom.js";
import {renderTerritory} from "./territory.js";

const MANY_BUTTONS = 14;

/** Where a seat sits: an angle round the table, you (or seat 0) at the bottom. */
function seatAngle(view, seat) {
  const base = view.you ?? 0;
  const n = view.players;
  const offset = (seat - base + n) % n;
  return Math.PI / 2 + (offset * 2 * Math.PI) / n;
}

function placeSeat(view, seat) {
  const rx = view.you === null && view.layout === "cards" ? 32 : 38;
  const ry = view.layout === "skull" ? 35 : view.you === null ? 36 : 39;
  const a = seatAngle(view, seat);
  return {left: `${50 + rx * Math.cos(a)}%`, top: `${50 + ry * Math.sin(a)}%`};
}

export function cardRow(cards, cls, title) {
  return h("div", {class: `card-row ${cls}`, title: title || null},
    cards.map((c) => h("span", {class: "card-slot"}, cardSVG(c))));
}

function backs(count) {
  const shown = Math.min(count, 13);
  const row = h("div", {class: "card-row backs", title: `${count} card${count === 1 ? "" : "s"}`});
  for (let i = 0; i < shown; i++) row.append(h("span", {class: "card-slot"}, backSVG()));
  return h("div", {class: "held"}, row, h("span", {class: "count"}, `${count}`));
}

function seatPanel(view, entry, {showHand = true} = {}) {
  const panel = h("div", {
    class: `seat${entry.current ? " current" : ""}${entry.seat === view.you ? " mine" : ""}`,
    style: placeSeat(view, entry.seat), "data-seat": entry.seat,
  },
    h("div", {class: "seat-name"}, h("strong", {}, entry.label),
      entry.agent && entry.seat !== view.you ? h("span", {class: "agent"}, entry.agent) : null),
    entry.badges.length ? h("div", {class: "badges"},
      entry.badges.map((b) => h("span", {class: `badge badge-${b.replace(/\W+/g, "-")}`}, b))) : null,
    entry.stats.length ? h("div", {class: "stats"}, entry.stats.join(" · ")) : null,
  );
  if (showHand && entry.hand) panel.append(cardRow(entry.hand, "seat-hand"));
  else if (showHand && entry.count) panel.append(backs(entry.count));
  if (entry.aside && entry.aside.cards.length) {
    panel.append(h("div", {class: "aside"}, h("span", {class: "aside-label"}, entry.aside.label),
      cardRow(entry.aside.cards, "aside-cards")));
  }
  return panel;
}

function trickCenter(view) {
  const center = h("div", {class: "trick"});
  let cards = view.trick ? view.trick.cards : [];
  let ghost = false;
  if (!cards.length && view.last_trick) {
    cards = view.last_trick.cards;
    ghost = true;
  }
  cards.forEach(([seat, card], order) => {
    const a = seatAngle(view, seat);
    const won = ghost && view.last_trick.winner === seat;
    center.append(h("div", {
      class: `played${won ? " winner" : ""}`, "data-seat": seat,
      style: {left: `calc(50% + ${Math.cos(a) * 88}px)`, top: `calc(50% + ${Math.sin(a) * 64}px)`,
              zIndex: String(order + 1)},
    }, cardSVG(card)));
  });
  if (ghost) {
    center.classList.add("ghost");
    const winner = view.last_trick.winner;
    if (winner !== null && winner !== undefined) {
      center.append(h("div", {class: "trick-caption"},
        `${view.seats[winner].label} won trick ${view.last_trick.number}`));
    }
  }
  return center;
}

function skullCenter(view) {
  const info = view.skull;
  const lines = [];
  if (info.high_bid) {
    lines.push(h("div", {class: "big"}, `High bid ${info.high_bid}`));
    if (info.challenger !== null) lines.push(h("div", {}, `by ${view.seats[info.challenger].label}`));
  } else {
    lines.push(h("div", {class: "big"}, `${info.on_mats} disc${info.on_mats === 1 ? "" : "s"} on the mats`));
  }
  if (info.roses_turned) lines.push(h("div", {}, `${info.roses_turned} rose(s) turned`));
  return h("div", {class: "skull-center"}, lines);
}

function skullMat(view, stack, ctx) {
  const discs = stack.discs.map((d, i) => h("span", {class: `disc-slot${d.disc && !d.up ? " private" : ""}`,
    style: {zIndex: String(i + 1)}}, discSVG(d.up || d.disc ? d.disc : null, {up: d.up})));
  const mat = h(stack.action && ctx.interactive ? "button" : "div", {
    class: `mat${stack.flowers ? " flowered" : ""}${stack.action ? " can-turn" : ""}${stack.out ? " out" : ""}`,
    title: stack.action ? `turn the top disc of seat ${stack.seat}` : `seat ${stack.seat}'s mat`,
    "data-seat": stack.seat,
    onclick: stack.action && ctx.interactive ? () => ctx.onAction(stack.action) : null,
  },
    h("div", {class: "stack"}, discs.length ? discs : h("span", {class: "empty"}, "no discs")),
    stack.flowers ? h("div", {class: "flowers"}, "★".repeat(stack.flowers)) : null);
  const parts = [mat];
  if (stack.in_hand && stack.in_hand.length) {
    parts.push(h("div", {class: "in-hand"}, h("span", {class: "aside-label"}, "in hand"),
      stack.in_hand.map((d) => h("span", {class: "disc-slot small"}, discSVG(d)))));
  }
  return parts;
}

function handArea(view, ctx) {
  const area = h("div", {class: "hand", "aria-label": "your hand"});
  const selecting = !!view.select;
  for (const entry of view.hand) {
    const selectable = selecting && entry.select;
    const playable = !!entry.action && ctx.interactive;
    const chosen = selectable && ctx.selection.has(entry.card);
    const button = h("button", {
      class: `card-btn${playable ? " playable" : ""}${selectable ? " selectable" : ""}${chosen ? " chosen" : ""}`,
      "data-card": entry.card,
      disabled: !(playable || (selectable && ctx.interactive)),
      title: playable ? `play ${entry.action}` : selectable ? "choose this card" : entry.card,
      onclick: () => {
        if (selectable) ctx.onSelect(entry.card);
        else if (playable) ctx.onAction(entry.action);
      },
    }, cardSVG(entry.card));
    area.append(button);
  }
  if (view.your_turn && !selecting && view.hand.some((e) => e.action)) area.classList.add("to-play");
  if (!view.hand.length && !view.result) area.append(h("span", {class: "empty"}, "no cards"));
  return area;
}

function skullHand(view, ctx) {
  const area = h("div", {class: "hand discs", "aria-label": "your discs"});
  for (const entry of view.skull.hand) {
    const playable = !!entry.action && ctx.interactive;
    area.append(h("button", {
      class: `disc-btn${playable ? " playable" : ""}`, disabled: !playable,
      "data-disc": entry.disc, title: playable ? entry.action : entry.disc,
      onclick: () => playable && ctx.onAction(entry.action),
    }, discSVG(entry.disc)));
  }
  if (!view.skull.hand.length) area.append(h("span", {class: "empty"}, "every disc you own is on your mat"));
  return area;
}

function buttonGroups(view, ctx) {
  const groups = new Map();
  for (const button of view.buttons) {
    if (!groups.has(button.group)) groups.set(button.group, []);
    groups.get(button.group).push(button);
  }
  const box = h("div", {class: "moves"});
  for (const [name, buttons] of groups) {
    const row = h("div", {class: "move-group"}, name ? h("span", {class: "group-name"}, name) : null);
    const shown = buttons.length > MANY_BUTTONS ? buttons.slice(0, MANY_BUTTONS - 2) : buttons;
    for (const b of shown) {
      row.append(h("button", {class: "move", "data-action": b.action, disabled: !ctx.interactive,
                              onclick: () => ctx.onAction(b.action)}, suitText(b.label)));
    }
    if (buttons.length > shown.length) {
      const rest = buttons.slice(shown.length);
      const select = h("select", {class: "more-moves", "aria-label": `more: ${name}`,
                                  disabled: !ctx.interactive,
        onchange: (e) => { if (e.target.value) ctx.onAction(e.target.value); }},
        h("option", {value: ""}, `more (${rest.length})…`),
        rest.map((b) => h("option", {value: b.action}, b.label)));
      row.append(select);
    }
    box.append(row);
  }
  if (view.select && ctx.interactive) {
    const chosen = [...ctx.selection];
    box.append(h("div", {class: "move-group"},
      h("span", {class: "group-name"}, `Choose ${view.select.count}`),
      h("button", {class: "move primary", id: "select-go", disabled: chosen.length !== view.select.count,
                   onclick: () => ctx.onAction(view.select.prefix + chosen.join(" "))},
        view.select.label + (chosen.length ? `: ${chosen.join(" ")}` : ""))));
  }
  return box;
}

function genericCenter(view) {
  return h("div", {class: "fields"}, h("table", {},
    view.fields.map(([k, v]) => h("tr", {}, h("th", {}, k), h("td", {}, suitText(v))))));
}

/**
 * Draw `view` into `root`. ctx: {interactive, onAction(text), selection: Set, onSelect(card)}.
 */
export function renderTable(root, view, ctx) {
  root.className = `table-view layout-${view.layout} players-${view.players}${view.you === null ? " omniscient" : ""}`;
  const parts = [];
  parts.push(h("div", {class: "headline"}, suitText(view.headline || view.name)));
  if (view.layout === "territory") {
    parts.push(renderTerritory(view, ctx));
  } else {
    const felt = h("div", {class: "felt"});
    for (const entry of view.seats) {
      felt.append(seatPanel(view, entry, {showHand: entry.seat !== view.you || view.layout !== "cards"}));
    }
    if (view.layout === "cards") felt.append(trickCenter(view));
    else if (view.layout === "skull") {
      felt.append(skullCenter(view));
      for (const stack of view.skull.stacks) {
        const panel = felt.querySelector(`.seat[data-seat="${stack.seat}"]`);
        panel.append(...skullMat(view, stack, ctx));
      }
    } else felt.append(genericCenter(view));
    if (view.result) felt.append(resultBanner(view));
    parts.push(felt);
  }
  const below = h("div", {class: "below"});
  for (const extra of view.extra) {
    below.append(h("div", {class: "extra"}, h("span", {class: "extra-label"}, extra.label),
      extra.cards.length ? cardRow(extra.cards, "extra-cards") : null));
  }
  if (view.hand) below.append(handArea(view, ctx));
  if (view.layout === "skull" && view.skull.hand) below.append(skullHand(view, ctx));
  if (view.buttons.length || view.select) below.append(buttonGroups(view, ctx));
  parts.push(below);
  fill(root, parts);
}

function resultBanner(view) {
  const r = view.result;
  return h("div", {class: `result-banner${r.complete ? "" : " abandoned"}`},
    h("div", {class: "result-headline"}, r.headline),
    h("table", {class: "result-scores"}, r.scores.map(([name, score], seat) =>
      h("tr", {class: r.winners.includes(seat) ? "winner" : ""}, h("td", {}, name), h("td", {}, score)))));
}

/** The score sheet, the facts and the last trick, for the side panel. */
export function renderSide(root, view) {
  const parts = [];
  if (view.info.length) {
    parts.push(h("table", {class: "info"}, view.info.map(([k, v]) =>
      h("tr", {}, h("th", {}, k), h("td", {}, suitText(v))))));
  }
  if (view.last_trick && view.layout === "cards") {
    const t = view.last_trick;
    parts.push(h("div", {class: "last-trick"},
      h("div", {class: "side-title"}, `Last trick (${t.number})`),
      h("div", {class: "last-cards"}, t.cards.map(([seat, card]) =>
        h("div", {class: `last-card${seat === t.winner ? " winner" : ""}`},
          cardSVG(card), h("span", {}, view.seats[seat].label))))));
  }
  if (view.scores && view.scores.rows.length) {
    parts.push(h("div", {class: "side-title"}, "Scores"));
    parts.push(h("div", {class: "score-wrap"}, h("table", {class: "scores"},
      h("thead", {}, h("tr", {}, view.scores.head.map((c) => h("th", {}, c)))),
      h("tbody", {}, view.scores.rows.map((row, i) =>
        h("tr", {class: ["Total", "Bags"].includes(row[0]) ? "total" : ""},
          row.map((c) => h("td", {}, suitText(c)))))))));
  }
  fill(root, parts);
}

/** Log lines as nodes (cards in them coloured). */
export function logLine(line) {
  return h("li", {class: `log-${line.kind || "plain"}`}, suitText(line.text));
}
