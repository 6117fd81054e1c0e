// Card faces, card backs and Skull discs, drawn as SVG by parlour itself.
import {s} from "./dom.js";

const SUITS = "♣♦♥♠";            // suit index = parlour's: clubs 0, diamonds 1, hearts 2, spades 3
const SUIT_IDS = ["club", "diamond", "heart", "spade"];
const RANK_NAMES = {T: "10", "0": "10"};

/**
 * Use the four-colour deck (the Skat tournament colours: ♣ black, ♠ green, ♥ red, ♦ orange)
 * or the usual two colours. Colours come from CSS (--suit-0 .. --suit-3), so nothing redraws.
 */
export function setFourColours(on) {
  document.documentElement.classList.toggle("four-colours", !!on);
}

/** Split "Q♠" / "T♥" into {rank: "Q", label: "Q", suit: 3}. */
export function parseCard(text) {
  const suit = SUITS.indexOf(text.slice(-1));
  const rank = text.slice(0, -1);
  return {rank, label: RANK_NAMES[rank] || rank, suit};
}

/** The shared definitions (suit shapes, the back's pattern), added to the page once. */
export function installDefinitions() {
  if (document.getElementById("parlour-defs")) return;
  const defs = s("defs", {},
    s("symbol", {id: "suit-heart", viewBox: "0 0 100 100"},
      s("path", {d: "M50 92 C22 68 4 50 6 30 C8 12 26 4 40 10 C46 13 49 18 50 24 C51 18 54 13 60 10 C74 4 92 12 94 30 C96 50 78 68 50 92 Z"})),
    s("symbol", {id: "suit-diamond", viewBox: "0 0 100 100"},
      s("path", {d: "M50 4 C60 22 74 38 90 50 C74 62 60 78 50 96 C40 78 26 62 10 50 C26 38 40 22 50 4 Z"})),
    s("symbol", {id: "suit-spade", viewBox: "0 0 100 100"},
      s("path", {d: "M50 4 C62 22 94 40 92 62 C91 78 76 84 62 78 C58 76 55 73 53 70 C54 80 58 88 66 95 L34 95 C42 88 46 80 47 70 C45 73 42 76 38 78 C24 84 9 78 8 62 C6 40 38 22 50 4 Z"})),
    s("symbol", {id: "suit-club", viewBox: "0 0 100 100"},
      s("circle", {cx: 50, cy: 27, r: 19}),
      s("circle", {cx: 27, cy: 58, r: 19}),
      s("circle", {cx: 73, cy: 58, r: 19}),
      s("circle", {cx: 50, cy: 50, r: 12}),
      s("path", {d: "M46 52 C46 74 42 86 32 95 L68 95 C58 86 54 74 54 52 Z"})),
    s("pattern", {id: "back-lattice", width: 12, height: 12, patternUnits: "userSpaceOnUse",
                  patternTransform: "rotate(45)"},
      s("rect", {width: 12, height: 12, fill: "#1e3a8a"}),
      s("path", {d: "M0 6 H12 M6 0 V12", stroke: "#93c5fd", "stroke-width": 1.4, opacity: 0.55})),
    s("pattern", {id: "disc-back", width: 8, height: 8, patternUnits: "userSpaceOnUse"},
      s("rect", {width: 8, height: 8, fill: "#3b2f2a"}),
      s("circle", {cx: 4, cy: 4, r: 1.3, fill: "#a8896c", opacity: 0.7})),
  );
  const holder = s("svg", {id: "parlour-defs", width: 0, height: 0, "aria-hidden": "true",
                           style: "position:absolute;width:0;height:0;overflow:hidden"}, defs);
  document.body.prepend(holder);
}

function pip(suit, x, y, size, flip = false) {
  const half = size / 2;
  return s("use", {
    href: `#suit-${SUIT_IDS[suit]}`, x: x - half, y: y - half, width: size, height: size,
    transform: flip ? `rotate(180 ${x} ${y})` : null,
  });
}

// Pip positions (x, y) on a 100 x 140 card for 2 to 10, and which are upside down (y > 70).
const L = 32, C = 50, R = 68;
const PIPS = {
  2: [[C, 30], [C, 110]],
  3: [[C, 30], [C, 70], [C, 110]],
  4: [[L, 30], [R, 30], [L, 110], [R, 110]],
  5: [[L, 30], [R, 30], [C, 70], [L, 110], [R, 110]],
  6: [[L, 30], [R, 30], [L, 70], [R, 70], [L, 110], [R, 110]],
  7: [[L, 30], [R, 30], [C, 50], [L, 70], [R, 70], [L, 110], [R, 110]],
  8: [[L, 30], [R, 30], [C, 50], [L, 70], [R, 70], [C, 90], [L, 110], [R, 110]],
  9: [[L, 30], [R, 30], [L, 56], [R, 56], [C, 70], [L, 84], [R, 84], [L, 110], [R, 110]],
  10: [[L, 30], [R, 30], [C, 43], [L, 56], [R, 56], [L, 84], [R, 84], [C, 97], [L, 110], [R, 110]],
};
const FACE = {J: "J", Q: "Q", K: "K"};

function index(label, suit, flip) {
  const g = s("g", {transform: flip ? "rotate(180 50 70)" : null},
    s("text", {x: 11, y: 24, "text-anchor": "middle", class: "card-rank",
               "font-size": label.length > 1 ? 19 : 22, "letter-spacing": label.length > 1 ? -2 : 0},
      label),
    pip(suit, 11, 36, 14));
  return g;
}

/**
 * A card face. options: {title} for a tooltip. The SVG scales to its CSS width.
 */
export function cardSVG(text, options = {}) {
  const {label, rank, suit} = parseCard(text);
  const svg = s("svg", {viewBox: "0 0 100 140", class: `card-face suit-${suit}`, role: "img",
                        "aria-label": text, fill: "currentColor", "data-card": text});
  svg.append(s("title", {}, options.title || text));
  svg.append(s("rect", {x: 1.5, y: 1.5, width: 97, height: 137, rx: 9, class: "card-paper"}));
  svg.append(index(label, suit, false), index(label, suit, true));
  if (rank === "A") {
    svg.append(pip(suit, 50, 70, 48));
  } else if (FACE[rank]) {
    svg.append(s("rect", {x: 22, y: 22, width: 56, height: 96, rx: 4, class: "card-court",
                          stroke: "currentColor"}));
    svg.append(pip(suit, 34, 35, 15), pip(suit, 66, 105, 15, true));
    svg.append(s("text", {x: 50, y: 86, "text-anchor": "middle", class: "card-court-letter",
                          "font-size": 46}, FACE[rank]));
    svg.append(courtMark(rank));
  } else {
    const count = Number(label);
    for (const [x, y] of PIPS[count] || []) svg.append(pip(suit, x, y, 19, y > 70));
  }
  return svg;
}

function courtMark(rank) {
  const colour = "currentColor";
  // a small emblem above the letter: a crown (K), a tiara (Q), a feather (J)
  if (rank === "K") {
    return s("path", {d: "M38 50 L40 38 L45 45 L50 34 L55 45 L60 38 L62 50 Z", fill: colour, opacity: 0.85});
  }
  if (rank === "Q") {
    return s("path", {d: "M39 49 Q50 36 61 49 M42 47 L42 42 M50 44 L50 37 M58 47 L58 42",
                      stroke: colour, "stroke-width": 2.4, fill: "none", opacity: 0.85});
  }
  return s("path", {d: "M44 50 C46 42 52 36 60 34 C56 40 52 45 46 51 Z", fill: colour, opacity: 0.85});
}

/** The back of a card. */
export function backSVG() {
  return s("svg", {viewBox: "0 0 100 140", class: "card-back", role: "img", "aria-label": "a card"},
    s("rect", {x: 1.5, y: 1.5, width: 97, height: 137, rx: 9, fill: "#fff", stroke: "#94a3b8"}),
    s("rect", {x: 8, y: 8, width: 84, height: 124, rx: 5, fill: "url(#back-lattice)"}),
    s("rect", {x: 8, y: 8, width: 84, height: 124, rx: 5, fill: "none", stroke: "#1e3a8a",
               "stroke-width": 2}));
}

/**
 * A Skull disc seen from above. kind: "rose", "skull" or null (unknown);
 * up: face up for everyone; private: known to you only.
 */
export function discSVG(kind, {up = false} = {}) {
  const svg = s("svg", {viewBox: "0 0 100 100", class: `disc disc-${kind || "back"}${up ? " disc-up" : ""}`,
                        role: "img", "aria-label": kind ? `${kind}${up ? " (face up)" : ""}` : "a disc face down"});
  svg.append(s("circle", {cx: 50, cy: 50, r: 47, fill: "#2b211c"}));
  if (!kind) {
    svg.append(s("circle", {cx: 50, cy: 50, r: 41, fill: "url(#disc-back)"}));
    svg.append(s("circle", {cx: 50, cy: 50, r: 41, fill: "none", stroke: "#a8896c", "stroke-width": 2}));
    return svg;
  }
  if (kind === "rose") {
    svg.append(s("circle", {cx: 50, cy: 50, r: 41, fill: "#fce7f3"}));
    for (let i = 0; i < 6; i++) {
      const a = (i * Math.PI) / 3;
      svg.append(s("circle", {cx: 50 + 16 * Math.cos(a), cy: 50 + 16 * Math.sin(a), r: 13,
                              fill: "#e11d48", opacity: 0.9}));
    }
    svg.append(s("circle", {cx: 50, cy: 50, r: 11, fill: "#9f1239"}));
    svg.append(s("circle", {cx: 50, cy: 50, r: 5, fill: "#fda4af"}));
  } else {
    svg.append(s("circle", {cx: 50, cy: 50, r: 41, fill: "#111827"}));
    svg.append(s("path", {d: "M50 20 C30 20 24 34 26 48 C27 56 32 60 34 62 L34 72 L66 72 L66 62 C68 60 73 56 74 48 C76 34 70 20 50 20 Z",
                          fill: "#f5f5f4"}));
    svg.append(s("circle", {cx: 40, cy: 46, r: 7, fill: "#111827"}));
    svg.append(s("circle", {cx: 60, cy: 46, r: 7, fill: "#111827"}));
    svg.append(s("path", {d: "M50 54 L46 61 L54 61 Z", fill: "#111827"}));
    svg.append(s("path", {d: "M40 72 V79 M46 72 V80 M54 72 V80 M60 72 V79", stroke: "#f5f5f4",
                          "stroke-width": 4}));
  }
  return svg;
}
