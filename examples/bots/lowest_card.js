#!/usr/bin/env node
// A parlour bot in JavaScript (Node.js): plays the lowest-ranked legal card, else the first
// legal action. Run it with `exec:node examples/bots/lowest_card.js`.
"use strict";
const readline = require("readline");

const RANKS = "23456789TJQKA";
const rank = (action) => {
  const card = action.replace(/^pass /, "");
  return RANKS.indexOf(card[0].toUpperCase() === "0" ? "T" : card[0].toUpperCase());
};

const lines = readline.createInterface({ input: process.stdin });
lines.on("line", (line) => {
  const message = JSON.parse(line);
  if (message.type === "act") {
    const legal = message.legal;
    const cards = legal.filter((action) => rank(action) >= 0);
    const pool = cards.length > 0 ? cards : legal;
    const best = pool.reduce((low, action) => (rank(action) < rank(low) ? action : low));
    process.stdout.write(JSON.stringify({ id: message.id, action: best }) + "\n");
  } else if (message.type === "goodbye") {
    lines.close();
  }
});
