"use strict";
// nus play: draws the game from the server's JSON. Everything from a card file is set with textContent, never as markup.
const base = location.pathname.endsWith("/") ? location.pathname : location.pathname + "/";
const $ = (id) => document.getElementById(id);
let state = null;
let cards = {};
let cardFile = "cards.nus";
let passedTo = null;
let endSeen = false;
let hinted = null;
let busy = false;

function el(tag, cls, text) {
  const node = document.createElement(tag);
  if (cls) node.className = cls;
  if (text !== undefined && text !== null) node.textContent = String(text);
  return node;
}

function add(parent, ...children) {
  for (const child of children) if (child) parent.appendChild(typeof child === "string" ? document.createTextNode(child) : child);
  return parent;
}

async function call(path, body) {
  const options = body === undefined ? {} : { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) };
  const response = await fetch(base + path, options);
  const data = await response.json();
  if (!response.ok) throw new Error(data.error || response.statusText);
  return data;
}

async function act(path, body) {
  if (busy) return;
  busy = true;
  try {
    const data = await call(path, body || {});
    hinted = data.hint || null;
    show(data, data.notice || "");
  } catch (error) {
    $("notice").textContent = error.message;
  } finally {
    busy = false;
  }
}

function cardName(name) {
  const span = el("span", "card", name);
  span.dataset.card = name;
  span.dataset.place = "card:" + name;
  span.tabIndex = 0;
  if (cards[name] && cards[name].edited) span.classList.add("edited");
  return span;
}

function goods(counts) {
  const parts = Object.entries(counts || {}).filter(([, n]) => n).map(([good, n]) => n + " " + good);
  return parts.length ? parts.join(", ") : "nothing";
}

function chip(text) {
  return el("span", "chip", text);
}

function labelled(label, ...content) {
  const row = el("div", "row");
  add(row, el("strong", "", label + ":"));
  if (!content.length) add(row, el("span", "", "none"));
  add(row, ...content);
  return row;
}

function cardsList(list, extra) {
  return list.map((card) => {
    const span = el("span", "chip");
    add(span, cardName(card.name));
    const more = [];
    if (Object.values(card.goods || {}).some((n) => n)) more.push(goods(card.goods));
    if (card.worker) more.push("Worker of " + card.worker);
    if (card.under && card.under.length) more.push("over " + card.under.join(", "));
    if (extra) more.push(...extra(card));
    if (more.length) add(span, " (" + more.join("; ") + ")");
    return span;
  });
}

function harbor(player) {
  const grid = el("div", "harbor");
  for (const cell of player.harbor) {
    const box = el("div", "cell");
    box.dataset.place = "cell:" + player.seat + ":" + cell.row + ":" + cell.column;
    add(box, el("span", "coord", "column " + cell.column + " row " + cell.row + (cell.double ? " · double " + cell.double : "")));
    if (cell.reserve) {
      box.classList.add("reserve");
      add(box, "Reserve");
    } else if (cell.card) {
      add(box, cardName(cell.card.name));
    } else if (cell.double && player.forests[cell.double - 1]) {
      box.classList.add("forest");
      add(box, player.forests[cell.double - 1] + " forest");
    }
    if (cell.double) box.dataset.double = player.seat + ":" + cell.double;
    grid.appendChild(box);
  }
  return grid;
}

function scoreTable(parts) {
  const table = el("table", "parts");
  for (const [name, value] of Object.entries(parts)) {
    const row = el("tr");
    add(row, el("td", "", name.replace("_", " ")), el("td", "", value));
    table.appendChild(row);
  }
  return table;
}

function drawMe(player, title) {
  const box = $("me");
  box.replaceChildren(el("h2", "", title));
  add(box,
    labelled("Supply", el("span", "", goods(player.supply))),
    labelled("Reserve", el("span", "", goods(player.reserve))),
    el("h3", "", "Harbor"), harbor(player),
    labelled("Fishing track", ...player.ships.map((ship) => chip(ship.type + (ship.guest ? " with a guest" : ""))), ...cardsList(player.track_cards)),
    labelled("Elders", ...cardsList(player.elders)),
    labelled("Buildings", ...cardsList(player.buildings)),
    labelled("Hand", ...(player.hand === null ? [el("span", "", player.hand_count + " cards")] : player.hand.map((name) => add(el("span", "chip"), cardName(name))))),
    labelled("Shares", ...player.shares.map((colour) => chip("P" + (colour + 1)))),
    labelled("Workers placed", el("span", "", player.workers_placed)),
    el("h3", "", "Score " + player.score.total), scoreTable(player.score));
}

function drawBoards(boards) {
  const box = $("boards");
  box.replaceChildren(el("h2", "", "Boards"));
  const spaces = boards.spaces.map((space) => {
    const span = el("span", "space", space.words + " " + space.workers.length + "/" + space.capacity + (space.workers.length ? " (" + space.workers.join(", ") + ")" : ""));
    span.dataset.place = "space:" + space.name;
    return span;
  });
  const plates = boards.plates.map((plate) => {
    const span = chip("plate " + plate.size + ": " + plate.fish + " fish");
    span.dataset.place = "plate:" + plate.plate;
    return span;
  });
  const stacks = boards.elder_stacks.map((stack) => {
    const span = el("span", "chip");
    add(span, "stack " + stack.stack + ": ");
    if (stack.cards) stack.cards.forEach((name, i) => add(span, i ? ", " : "", cardName(name)));
    else if (stack.top) add(span, cardName(stack.top));
    add(span, " (" + stack.count + ")");
    return span;
  });
  const decks = Object.entries(boards.decks).map(([letter, deck]) => {
    const span = el("span", "chip", "deck " + letter + ": " + deck.count);
    if (deck.cards) add(span, " — " + deck.cards.join(", "));
    return span;
  });
  add(box,
    labelled("Action spaces", ...spaces),
    labelled("Banquet Table", ...plates),
    labelled("Elders", ...stacks),
    labelled("Ships left", ...Object.entries(boards.ships_left).map(([type, n]) => chip(type + " " + n))),
    labelled("Shares", ...boards.shares.map((colour) => chip("P" + (colour + 1)))),
    labelled("Display", ...boards.display.map((name) => add(el("span", "chip"), cardName(name)))),
    labelled("Decks", ...decks));
}

function drawOthers(players, viewer) {
  const box = $("others");
  box.replaceChildren(el("h2", "", "Other players"));
  for (const player of players) {
    if (player.seat === viewer) continue;
    const agent = state.seats[player.seat].agent;
    const div = el("div", "opponent");
    add(div, el("strong", "", player.name + " (" + agent + "): " + player.score.total + " VP"),
      labelled("Supply", el("span", "", goods(player.supply) + "; reserve " + goods(player.reserve))),
      labelled("Ships", ...player.ships.map((ship) => chip(ship.type + (ship.guest ? " with a guest" : "")))),
      labelled("Buildings", ...cardsList(player.buildings)),
      labelled("Elders", ...cardsList(player.elders)),
      labelled("Hand", ...(player.hand === null ? [el("span", "", player.hand_count + " cards")] : player.hand.map((name) => add(el("span", "chip"), cardName(name))))));
    box.appendChild(div);
  }
}

function drawTable(view) {
  const viewer = view.seat === null ? 0 : view.seat;
  const me = view.players[viewer];
  drawMe(me, me.name + (state.seats[viewer].agent === "you" ? " (you)" : " (" + state.seats[viewer].agent + ")"));
  drawBoards(view.boards);
  drawOthers(view.players, viewer);
}

function placeKey(place) {
  if (!place) return null;
  if (place.cell) return "cell:" + place.player + ":" + place.cell[0] + ":" + place.cell[1];
  if (place.space) return "space:" + place.space;
  if (place.plate) return "plate:" + place.plate;
  if (place.card) return "card:" + place.card;
  if (place.double) return "double:" + place.player + ":" + place.double;
  return null;
}

function highlight(key, on) {
  if (!key) return;
  const [kind, ...rest] = key.split(":");
  const found = kind === "double"
    ? document.querySelectorAll("[data-double]")
    : document.querySelectorAll("[data-place]");
  for (const node of found) {
    const match = kind === "double" ? node.dataset.double === rest.join(":") : node.dataset.place === key;
    if (match) node.classList.toggle("hl", on);
  }
}

function drawQuestion() {
  const question = state.question;
  const options = $("options");
  options.replaceChildren();
  $("hinted").textContent = hinted ? hinted.by + " would choose: " + hinted.words : "";
  if (!question) {
    $("prompt").textContent = state.over ? "The game is over." : "Waiting.";
    return;
  }
  $("prompt").textContent = question.name + ": " + question.prompt;
  question.options.forEach((option, index) => {
    const button = el("button");
    button.type = "button";
    button.dataset.index = index;
    if (index < 9) add(button, el("span", "key", index + 1));
    add(button, option.words);
    if (hinted && hinted.index === index) button.classList.add("hinted");
    const key = placeKey(option.place);
    button.addEventListener("mouseenter", () => highlight(key, true));
    button.addEventListener("mouseleave", () => highlight(key, false));
    button.addEventListener("focus", () => highlight(key, true));
    button.addEventListener("blur", () => highlight(key, false));
    button.addEventListener("click", () => act("answer", { index }));
    options.appendChild(button);
  });
}

function drawLog() {
  const box = $("log");
  const open = new Set([...box.querySelectorAll("details[open]")].map((d) => d.dataset.key));
  box.replaceChildren();
  let round = null;
  let turn = null;
  let roundBox = null;
  let turnBox = null;
  const last = state.log.length ? state.log[state.log.length - 1] : null;
  for (const entry of state.log) {
    if (entry.round !== round) {
      round = entry.round;
      turn = null;
      roundBox = el("details");
      roundBox.dataset.key = "R" + round;
      roundBox.open = open.has(roundBox.dataset.key) || (last && last.round === round);
      add(roundBox, el("summary", "", round ? "Round " + round : "Setting up"));
      box.appendChild(roundBox);
    }
    if (entry.turn !== turn) {
      turn = entry.turn;
      turnBox = el("div", "turn");
      add(turnBox, el("h3", "", turn ? "Turn " + turn : "Round start"));
      roundBox.appendChild(turnBox);
    }
    const line = el("button", "entry" + (entry.kind === "log" ? "" : " fired"));
    line.type = "button";
    if (entry.kind === "log") {
      add(line, entry.text);
      line.dataset.index = entry.index;
      line.addEventListener("click", () => pastAt(entry.index, line));
    } else {
      const who = entry.player === null ? "" : "P" + (entry.player + 1) + " ";
      add(line, who, entry.card ? cardName(entry.card) : "", entry.card ? ": " : "", entry.kind === "fired" ? entry.text + " — fired" : entry.kind === "silent" ? entry.text + " — kept silent" : entry.text);
      for (const part of [entry.why, ...entry.answers, entry.changes.length ? "changed: " + entry.changes.join("; ") : ""]) {
        if (part) add(line, el("span", "why", part));
      }
      line.dataset.index = entry.log_at;
      line.addEventListener("click", () => pastAt(Math.max(entry.log_at - 1, 0), line));
    }
    turnBox.appendChild(line);
  }
  box.scrollTop = box.scrollHeight;
}

async function pastAt(index, line) {
  try {
    const view = await call("at?entry=" + index);
    for (const node of document.querySelectorAll("#log .picked")) node.classList.remove("picked");
    line.classList.add("picked");
    $("past").hidden = false;
    $("pastwhen").textContent = "The table just after: " + line.textContent;
    drawTable(view);
  } catch (error) {
    $("notice").textContent = error.message;
  }
}

function drawEnd() {
  const table = $("scores");
  table.replaceChildren();
  const names = Object.keys(state.scores);
  const parts = Object.keys(state.scores[names[0]]);
  const head = el("tr");
  add(head, el("th", "", ""), ...names.map((name) => el("th", "", name + " (" + state.seats[names.indexOf(name)].agent + ")")));
  table.appendChild(head);
  for (const part of parts) {
    const row = el("tr");
    add(row, el("td", "", part.replace("_", " ")), ...names.map((name) => el("td", "", state.scores[name][part])));
    table.appendChild(row);
  }
  const commands = $("endcommands");
  commands.replaceChildren();
  for (const [what, line] of Object.entries(state.commands || {})) add(commands, el("p", "", what + ":"), el("code", "", line));
  $("end").hidden = false;
}

function show(data, notice) {
  state = data;
  $("notice").textContent = notice || state.message || "";
  const question = state.question;
  const view = state.view;
  $("status").textContent = state.over
    ? "Game over (seed " + state.seed + ")"
    : (view.round ? "Round " + view.round + ", turn " + view.turn : "Before round 1") + " · seed " + state.seed +
      (question ? " · " + question.name + " to answer" : "");
  $("undo").disabled = state.answers === 0;
  $("hint").disabled = !question;
  $("past").hidden = true;
  drawQuestion();
  drawTable(view);
  drawLog();
  if (question && state.people.length > 1 && passedTo !== question.player) {
    $("passwho").textContent = "Pass to " + question.name + ".";
    $("pass").hidden = false;
  }
  if (state.over && !endSeen) {
    endSeen = true;
    drawEnd();
  }
  if (!state.over) endSeen = false;
}

function showTip(target) {
  const name = target.dataset.card;
  const card = cards[name];
  const tip = $("tip");
  tip.replaceChildren(el("strong", "", name));
  if (card) {
    add(tip, el("p", "", [card.kind, card.code, card.cost ? "cost " + card.cost : "", card.vp ? card.vp + " VP" : ""].filter(Boolean).join(" · ")));
    add(tip, el("p", "", card.text));
    if (card.edited) add(tip, el("p", "", "edited since " + card.edited));
    const link = el("a", "", cardFile + ":" + card.line);
    link.href = base + "source#L" + card.line;
    link.target = "_blank";
    link.rel = "noopener";
    add(tip, el("p", "", ""), link);
  }
  const box = target.getBoundingClientRect();
  tip.hidden = false;
  tip.style.left = Math.max(4, Math.min(box.left, window.innerWidth - tip.offsetWidth - 4)) + "px";
  tip.style.top = (box.bottom + 4 + tip.offsetHeight > window.innerHeight ? Math.max(4, box.top - tip.offsetHeight - 4) : box.bottom + 4) + "px";
}

document.addEventListener("mouseover", (event) => {
  const target = event.target.closest ? event.target.closest("[data-card]") : null;
  if (target) showTip(target);
  else if (!event.target.closest || !event.target.closest("#tip")) $("tip").hidden = true;
});
document.addEventListener("focusin", (event) => {
  if (event.target.dataset && event.target.dataset.card) showTip(event.target);
});
document.addEventListener("keydown", (event) => {
  if (event.altKey || event.ctrlKey || event.metaKey || !state || !state.question || !$("pass").hidden) return;
  if (event.target.tagName === "INPUT") return;
  const number = Number(event.key);
  if (number >= 1 && number <= 9 && number <= state.question.options.length) {
    event.preventDefault();
    act("answer", { index: number - 1 });
  }
});
$("undo").addEventListener("click", () => act("undo"));
$("hint").addEventListener("click", () => act("hint"));
$("save").addEventListener("click", () => act("save"));
$("restart").addEventListener("click", () => act("restart"));
$("reload").addEventListener("click", async () => { await act("reload"); await loadCards(); show(state, $("notice").textContent); });
$("showall").addEventListener("change", (event) => act("show-all", { on: event.target.checked }));
$("now").addEventListener("click", () => show(state, ""));
$("passok").addEventListener("click", () => { passedTo = state.question ? state.question.player : null; $("pass").hidden = true; });
$("endclose").addEventListener("click", () => { $("end").hidden = true; });

async function loadCards() {
  const data = await call("cards");
  cards = data.cards;
  cardFile = data.file;
}

(async () => {
  try {
    await loadCards();
    show(await call("state"), "");
  } catch (error) {
    $("notice").textContent = error.message;
  }
})();
