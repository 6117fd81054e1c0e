// The page's router: Play (#/), a table (#/table/TOKEN), an invite (#/invite/CODE), Replays,
// Tournaments, the Ladder (and a ladder game watched live, #/watch/MATCH-SEATING).
import {getJSON, postJSON, toast} from "./api.js";
import {installDefinitions, setFourColours} from "./cards.js";
import {fill, h} from "./dom.js";
import {leaveTable, showTable} from "./play.js";
import {leaveReplay, showReplay, showReplayPicker} from "./replay.js";
import {showSetup} from "./setup.js";
import {leaveLadder, showLadder, showLadderBot} from "./ladder.js";
import {leaveLive, showLive} from "./live.js";
import {showTournament, showTournaments} from "./tournament.js";

const COLOURS = "parlour.fourColours";
let config = {allow_local_bots: false, tournaments: false, ladder: false};

async function route() {
  const main = document.getElementById("main");
  const hash = location.hash || "#/";
  const [, page, arg] = hash.match(/^#\/([^/]*)\/?(.*)$/) || [null, "", ""];
  const section = {table: "play", invite: "play", "": "play", replays: "replays", replay: "replays",
                   tournaments: "tournaments", tournament: "tournaments", ladder: "ladder",
                   watch: "ladder"}[page] || "play";
  for (const link of document.querySelectorAll("[data-nav]")) {
    link.classList.toggle("active", link.dataset.nav === section);
  }
  if (page !== "table") leaveTable();
  if (page !== "replay") leaveReplay();
  leaveLadder();
  leaveLive();
  try {
    if (page === "table" && arg) showTable(main, decodeURIComponent(arg));
    else if (page === "invite" && arg) await claimInvite(decodeURIComponent(arg));
    else if (page === "replays") showReplayPicker(main, config);
    else if (page === "replay" && arg) await showReplay(main, decodeURIComponent(arg));
    else if (page === "tournaments") await showTournaments(main, config);
    else if (page === "tournament" && arg) await showTournament(main, decodeURIComponent(arg));
    else if (page === "watch" && arg) showLive(main, decodeURIComponent(arg));
    else if (page === "ladder" && arg) await showLadderBot(main, decodeURIComponent(arg));
    else if (page === "ladder") await showLadder(main, config);
    else await showSetup(main, config);
  } catch (error) {
    toast(error.message);
    fill(main, h("div", {class: "form-error", role: "alert"}, error.message));
  }
}

/** Take the seat an invite offers: the invite is used up, and this browser gets the seat's
 *  own link in its place (so reloading the page keeps the seat). */
async function claimInvite(code) {
  const answer = await postJSON("/api/invites", {invite: code});
  location.replace(`#/table/${encodeURIComponent(answer.token)}`);
}

async function start() {
  installDefinitions();
  const toggle = document.getElementById("four-colours");
  toggle.checked = localStorage.getItem(COLOURS) === "1";
  setFourColours(toggle.checked);
  toggle.addEventListener("change", () => {
    localStorage.setItem(COLOURS, toggle.checked ? "1" : "0");
    setFourColours(toggle.checked);
  });
  try {
    config = await getJSON("/api/config");
  } catch (error) {
    toast(`The server does not answer: ${error.message}`);
  }
  const tournamentsLink = document.querySelector('[data-nav="tournaments"]');
  if (!config.tournaments) tournamentsLink.title = "start the server with --tournaments DIR";
  window.addEventListener("hashchange", route);
  await route();
  document.body.dataset.ready = "1";
}

start();
