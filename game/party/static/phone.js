// The phone's page of a party match: one seat's hand, played over a WebSocket.
// The game on the big screen decides everything; this page only shows the state
// it is sent and asks for actions (protocol: docs/PARTY.md).
"use strict";

const VERSION = 1;
const WORDS = {
  en: {
    connecting: "Connecting…", connected: "Connected", lost: "Connection lost — reconnecting…",
    badlink: "This link is not a seat of this match. Ask the host for your QR code.",
    replaced: "This seat was opened on another screen.", closed: "The host closed the party match.",
    flood: "Too many taps: disconnected.", you: "you", your_turn: "Your turn!",
    turn_of: "Turn: {name}", not_started: "Waiting for the host to start the match…",
    away: "away", bot: "bot", draw: "Draw", keep: "Keep", pass: "Pass",
    uno: "UNO!", catch: "Catch {name}", challenge: "Challenge", accept: "Accept",
    swap: "Swap with {name}", pick_colour: "Choose a colour",
    several: "Several cards", play_n: "Play {n} cards", tap_several: "Tap the cards; the last one goes on top",
    cancel: "Cancel", choose_colour: "Choose the colour", pile: "Draw pile: {n}",
    pending: "Pending: +{n}", colour: "Colour", round: "Round {n}",
    red: "red", yellow: "yellow", green: "green", blue: "blue",
    round_over: "Round over — {name} won", match_over: "Match over — {name} won",
    err_stale: "The table moved on — try again.", err_illegal: "You can't do that now.",
    err_rate_limited: "Slow down!", err_not_started: "The match has not started yet.",
    err_paused: "The table is paused — wait for the host.",
    err_other: "Refused: {code}",
    err_not_allowed: "The host does not let phones do that.", err_nothing_to_deal: "There is nothing to deal now.",
    err_bad_name: "That name can't be used.",
    wild: "WILD", shuffle: "SHUFFLE", custom: "CUSTOM", accept_n: "Draw {n}", accept_skip: "Accept skip",
    stakes: "Challenge: if {name} bluffed, they draw {g}; if not, you draw {i}. Accept: you draw {a}.",
    guilty: "Guilty!", not_guilty: "Not guilty", holds: "{name} held:", ok: "OK",
    scores: "Scores", target: "Target {n}", lowest: "Lowest total wins", start: "Start",
    next_round: "Next round", wait_start_host: "The host starts the match.",
    wait_next: "Waiting for the host to deal round {n}…", wait_next_you: "Press Next round when everyone is ready.",
    paused: "The host paused the table — wait…", jump_in: "Jump in! Tap the glowing card.",
    bot_played: "A bot played {n} turn(s) for you while you were away.",
    away_in: "away · bot in {n} s", turn_away: "Turn: {name} (away — bot in {n} s)",
    turn_away_wait: "Turn: {name} (away — the table waits)", your_name: "Your name", save: "Save",
    rename: "Name",
    deal_verified: "✓ Deal verified (round {n})",
    deal_tampered: "WARNING: round {n} was NOT dealt from the deck the host committed to. The host's game may be cheating.",
  },
  zh: {
    connecting: "正在连接…", connected: "已连接", lost: "连接中断，正在重连…",
    badlink: "这个链接不是本局的座位。请向主机要你的二维码。",
    replaced: "这个座位已在另一个屏幕上打开。", closed: "主机已结束这局聚会。",
    flood: "点得太快，已断开。", you: "你", your_turn: "轮到你了！",
    turn_of: "轮到 {name}", not_started: "等待主机开始比赛…",
    away: "离开", bot: "电脑代打", draw: "摸牌", keep: "留下", pass: "过",
    uno: "UNO！", catch: "抓 {name}", challenge: "质疑", accept: "接受",
    swap: "与 {name} 换牌", pick_colour: "选择颜色",
    several: "多张一起出", play_n: "出这 {n} 张", tap_several: "点选要出的牌，最后点的放在最上面",
    cancel: "取消", choose_colour: "选择颜色", pile: "牌堆：{n}",
    pending: "待罚：+{n}", colour: "颜色", round: "第 {n} 局",
    red: "红", yellow: "黄", green: "绿", blue: "蓝",
    round_over: "本局结束，{name} 获胜", match_over: "比赛结束，{name} 获胜",
    err_stale: "牌桌已变化，请再试一次。", err_illegal: "现在不能这样做。",
    err_rate_limited: "慢一点！", err_not_started: "比赛还没开始。", err_paused: "牌桌已暂停，请等待主机。",
    err_other: "被拒绝：{code}",
    err_not_allowed: "主机不允许手机这样做。", err_nothing_to_deal: "现在没有可发的牌。",
    err_bad_name: "这个名字不能用。",
    wild: "万能", shuffle: "洗手牌", custom: "自定义", accept_n: "摸 {n} 张", accept_skip: "接受跳过",
    stakes: "质疑：若 {name} 违规出牌，由其摸 {g} 张；若没有，你摸 {i} 张。接受：你摸 {a} 张。",
    guilty: "违规！", not_guilty: "未违规", holds: "{name} 的手牌：", ok: "好",
    scores: "比分", target: "目标 {n} 分", lowest: "总分最低者获胜", start: "开始",
    next_round: "下一局", wait_start_host: "由主机开始比赛。",
    wait_next: "等待主机发第 {n} 局的牌…", wait_next_you: "大家准备好后按“下一局”。",
    paused: "主机暂停了牌桌，请稍候…", jump_in: "抢牌！点发光的那张牌。",
    bot_played: "你离开时电脑替你出了 {n} 手。",
    away_in: "离开 · {n} 秒后电脑代打", turn_away: "轮到 {name}（已离开，{n} 秒后电脑代打）",
    turn_away_wait: "轮到 {name}（已离开，牌桌等待中）", your_name: "你的名字", save: "保存",
    rename: "改名",
    deal_verified: "✓ 发牌已验证（第 {n} 局）",
    deal_tampered: "警告：第 {n} 局的发牌与主机事先承诺的牌堆不符。主机的游戏可能在作弊。",
  },
};
const SYMBOLS = { skip: "⊘", reverse: "⇄", draw_two: "+2", wild_draw_four: "+4" };
// Wild cards named by a word (D3: Wild Shuffle Hands, Wild Customizable).
const WILD_WORDS = { wild: "wild", wild_shuffle_hands: "shuffle", wild_customizable: "custom" };
// Colour-blind shapes are the desktop's (game/ui/card_art.py): red triangle, yellow
// circle, green square, blue star, drawn by CSS (.sym.<colour>) on cards, swatches, the chip.

let lang = localStorage.getItem("uno-lang") ||
  ((navigator.language || "").toLowerCase().startsWith("zh") ? "zh" : "en");
let token = decodeURIComponent(location.hash.slice(1));  // "" : the room code's seat picker
let ws = null;
let state = null;
let log = [];  // the log's last lines, each {lang: text} as the game wrote them
let retry = 0;
let final = "";  // set when the game said bye for good: no reconnecting
let wasMyTurn = false;
let pickFor = null;
let selecting = false;  // H4: taps pick several cards of one face instead of playing one
let selected = [];  // the picked card ids, in tap order (the last lands on top)
let selectedAt = -1;  // the state the picks belong to
let stateAt = 0;  // performance.now() when the state came (the countdowns count from it)
let naming = false;  // the name form is open
const deals = new DealWatch();  // each round's deck commitment and its check

const $ = (id) => document.getElementById(id);
function tr(key, args) {
  let s = (WORDS[lang] && WORDS[lang][key]) || WORDS.en[key] || key;
  for (const k in args || {}) s = s.split("{" + k + "}").join(String(args[k]));
  return s;
}
function said(texts) { return (texts && (texts[lang] || texts.en)) || ""; }  // a text the game sent
function nameOf(seat) {
  if (!state || seat < 0) return "?";
  return seat === state.seat ? tr("you") : state.names[seat];
}
function cardLabel(c) {
  if (c.k === "number") return String(c.n);
  return WILD_WORDS[c.k] ? tr(WILD_WORDS[c.k]) : SYMBOLS[c.k];
}
function symEl(colour) {
  const sym = document.createElement("span");
  sym.className = "sym " + colour;
  sym.setAttribute("aria-hidden", "true");
  return sym;
}
function cardEl(c, tag) {
  const el = document.createElement(tag || "div");
  el.className = "card " + (c ? (c.c || "wild") : "none") + (c && WILD_WORDS[c.k] ? " word" : "")
    + (c && WILD_WORDS[c.k] && c.k !== "wild" ? " long" : "");
  el.textContent = c ? cardLabel(c) : "";
  if (c) {
    el.dataset.id = c.id;
    if (c.c) el.append(symEl(c.c));
    el.setAttribute("aria-label", (c.c ? tr(c.c) + " " : "") + cardLabel(c));
  }
  return el;
}

function status(key, bad) {
  const el = $("status");
  el.textContent = tr(key);
  el.dataset.key = key;
  el.className = "status" + (bad ? " bad" : "");
}
let toastTimer = 0;
function toast(text, ms) {
  const el = $("toast");
  el.textContent = text;
  el.hidden = false;
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => { el.hidden = true; }, ms || 2500);
}

// ---- the connection: hello, reconnects, and the heartbeat ---------------------------
const PING_MS = 1000;  // the page pings the game this often...
const SILENT_MS = 3500;  // ...and a socket silent this long is dead: reconnect
let heard = 0;  // performance.now() of the last message from the game

function connect() {
  if (!token && !final) { showCodeForm(); return; }  // typed address: the room code first
  if (final) return;
  status("connecting");
  const proto = location.protocol === "https:" ? "wss://" : "ws://";
  const sock = new WebSocket(proto + location.host + "/ws");
  ws = sock;
  sock.onopen = () => { retry = 0; heard = performance.now(); send({ type: "hello", token: token }); };
  sock.onmessage = (ev) => {
    heard = performance.now();
    let msg;
    try { msg = JSON.parse(ev.data); } catch (e) { return; }
    onMessage(msg);
  };
  sock.onclose = () => {
    if (ws !== sock) return;  // a socket we already gave up on
    socketClosed();
  };
}
function socketClosed() {
  ws = null;
  if (final) { status(final, true); return; }
  if (hostPaused) { retryPaused(); return; }  // (paused state, below)
  status("lost", true);
  retry = Math.min(retry + 1, 5);
  setTimeout(connect, 500 * retry);
}
function drop() {  // give up on this socket now (it went silent, or a new link was opened)
  const sock = ws;
  ws = null;
  if (sock) { sock.onclose = null; sock.onmessage = null; try { sock.close(); } catch (e) { /* gone */ } }
}
function heartbeat() {
  if (!ws || ws.readyState !== WebSocket.OPEN) return;
  if (performance.now() - heard > SILENT_MS) {
    drop();
    if (!final) { status("lost", true); setTimeout(connect, 300); }
    return;
  }
  send({ type: "ping", t: Math.round(performance.now()) });
}
// A new link opened in this tab (another seat, a re-issued link): join with it, no reload.
function onHashChange() {
  const next = decodeURIComponent(location.hash.slice(1));
  if (next === token) return;
  token = next;
  drop();
  final = "";
  state = null;
  log = [];
  retry = 0;
  selecting = false;
  selected = [];
  naming = false;
  $("verdict").hidden = true;
  verdict = null;
  connect();
}
function send(obj) {
  if (ws && ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify(Object.assign({ v: VERSION }, obj)));
}
function act(action) {
  if (!state) return;
  send({ type: "act", at: state.at, action: action });
}

function onMessage(msg) {
  if (pickerMessage(msg) || pausedMessage(msg)) return;
  if (msg.type === "state") {
    status("connected");
    const first = state === null;
    state = msg;
    stateAt = performance.now();
    for (const line of msg.lines || []) log.push(line);
    log = log.slice(-8);
    render();
    storyCues(msg, first);
    const dealt = deals.feed(msg);  // the deck commitment (deal_check.js)
    if (dealt && dealt[1] === "tampered") {
      toast(tr("deal_tampered", { n: dealt[0] }), 20000);
    } else if (dealt) {
      toast(tr("deal_verified", { n: dealt[0] }), 3000);
    }
  } else if (msg.type === "error") {
    if (msg.code === "bad_token") { final = "badlink"; drop(); status("badlink", true); return; }
    toast(refusalText(msg), msg.reason ? 4000 : 2500);
  } else if (msg.type === "bye") {
    final = msg.reason === "replaced" ? "replaced" : msg.reason === "flood" ? "flood" : "closed";
    status(final, true);
  }
}
// An error in words: the game's own reason (and its rule ID) when it sent one.
function refusalText(msg) {
  if (msg.reason) return said(msg.reason) + (msg.rule ? " (" + msg.rule + ")" : "");
  const key = "err_" + msg.code;
  return WORDS.en[key] ? tr(key) : tr("err_other", { code: msg.code });
}

function legalOf(kind) { return state.legal.filter((a) => a.kind === kind); }
function secondsLeft(seat) {  // until a bot plays the away ``seat``; null: never
  const left = state.bot_in[String(seat)];
  if (left === undefined) return null;
  return Math.max(0, Math.ceil(left - (performance.now() - stateAt) / 1000));
}

function render() {
  const s = state;
  const mine = s.started && s.to_act === s.seat && s.phase !== "round_over" && s.phase !== "match_over";
  document.body.classList.toggle("myturn", mine);
  if (mine && !wasMyTurn) {
    if (navigator.vibrate) navigator.vibrate([120, 60, 120]);
    document.body.classList.add("flash");
    setTimeout(() => document.body.classList.remove("flash"), 500);
  }
  wasMyTurn = mine;

  renderPlayers();
  const top = $("top");
  top.replaceWith(Object.assign(cardEl(s.top), { id: "top" }));
  $("top").classList.add("big");
  renderTurn();
  const colour = $("colour");
  colour.textContent = "";
  if (s.colour) {
    const chip = document.createElement("span");
    chip.className = "chip " + s.colour;
    chip.append(symEl(s.colour));
    colour.append(chip, document.createTextNode(tr("colour") + ": " + tr(s.colour)));
  }
  $("pile").textContent = tr("pile", { n: s.draw_pile }) + (s.pending ? " · " + tr("pending", { n: s.pending }) : "")
    + " · " + tr("round", { n: s.round }) + " " + (s.direction > 0 ? "↻" : "↺");
  renderCues();

  const buttons = $("buttons");
  buttons.textContent = "";
  const button = (label, action, cls) => {
    const b = document.createElement("button");
    b.type = "button";
    b.textContent = label;
    b.dataset.kind = action.kind;
    if (cls) b.className = cls;
    b.onclick = () => act(action);
    buttons.append(b);
  };
  if (s.uno_offer) for (const a of legalOf("call_uno")) button(tr("uno"), a, "accent");  // T6: only when it helps
  for (const a of legalOf("draw")) button(tr("draw"), a);
  for (const a of legalOf("pass")) button(s.phase === "keep_or_play" ? tr("keep") : tr("pass"), a);
  for (const a of legalOf("challenge")) button(tr("challenge"), a, "warn");
  for (const a of legalOf("accept")) button(acceptLabel(), a);
  for (const a of legalOf("catch")) button(tr("catch", { name: nameOf(a.target) }), a, "warn");
  for (const a of legalOf("swap_hands")) button(tr("swap", { name: nameOf(a.target) }), a);
  // H4: plays of several cards of one face, picked card by card as on the desktop.
  const several = legalOf("play").filter((a) => a.cards.length > 1);
  if (selectedAt !== s.at || !several.length) { selecting = selecting && several.length > 0; selected = []; }
  selectedAt = s.at;
  if (several.length) {
    const toggle = document.createElement("button");
    toggle.type = "button";
    toggle.textContent = selecting ? tr("cancel") : tr("several");
    toggle.dataset.kind = "select";
    toggle.onclick = () => { selecting = !selecting; selected = []; render(); };
    buttons.append(toggle);
  }
  const chosen = selecting ? selectedPlays(several) : [];
  if (selecting) {  // shown from the first tap on (disabled until it plays): the row keeps its height
    const b = document.createElement("button");
    b.type = "button";
    b.textContent = tr("play_n", { n: Math.max(selected.length, 2) });
    b.className = "accent";
    b.dataset.kind = "play_sel";
    b.disabled = !chosen.length;
    b.onclick = () => { if (chosen.length > 1 || chosen[0].colour) openPicker(chosen); else act(chosen[0]); };
    buttons.append(b);
  }
  if (legalOf("choose_colour").length) {
    const b = document.createElement("button");
    b.type = "button";
    b.textContent = tr("choose_colour");
    b.className = "accent";
    b.dataset.kind = "choose_colour";
    b.onclick = () => openPicker(legalOf("choose_colour"));
    buttons.append(b);
  }
  renderDeal(buttons);

  const hand = $("hand");
  hand.textContent = "";
  const hint = $("hint");
  hint.textContent = selecting ? tr("tap_several") : "";
  for (const c of s.hand) {
    const el = cardEl(c, "button");
    el.type = "button";
    const plays = s.legal.filter((a) =>
      ((a.kind === "play" && a.cards.length === 1 && a.cards[0] === c.id) ||
       (a.kind === "jump_in" && a.card === c.id)));
    const inSeveral = several.some((a) => a.cards.includes(c.id));
    if (selecting ? inSeveral : plays.length) el.classList.add("legal");
    const at = selected.indexOf(c.id);
    if (at >= 0) { el.classList.add("selected"); el.dataset.order = String(at + 1); }
    if (s.drawn && s.drawn.id === c.id) el.classList.add("drawn");
    el.onclick = () => {
      if (selecting) {
        if (!inSeveral) return;
        selected = at >= 0 ? selected.filter((id) => id !== c.id) : selected.concat([c.id]);
        render();
        return;
      }
      if (!plays.length) {  // the game says why not (with the rule's ID), as the desktop does
        if (s.started) act({ kind: "play", cards: [c.id] });
        return;
      }
      if (plays.length > 1 || plays[0].colour) openPicker(plays);
      else act(plays[0]);
    };
    hand.append(el);
  }
  renderScores();
  renderName();
  renderLog();
}

function renderPlayers() {
  const s = state;
  const players = $("players");
  players.textContent = "";
  s.names.forEach((name, i) => {
    const el = document.createElement("div");
    el.className = "player" + (s.started && i === s.current ? " turn" : "") + (i === s.seat ? " me" : "");
    el.dataset.seat = i;
    const n = document.createElement("span");
    n.textContent = i === s.seat ? name + " (" + tr("you") + ")" : name;
    const count = document.createElement("span");
    count.className = "n";
    count.textContent = String(s.counts[i]);
    el.append(n, count);
    const tags = [];
    const left = secondsLeft(i);
    if (s.away.includes(i)) tags.push(left === null ? tr("away") : tr("away_in", { n: left }));
    if (s.bots.includes(i)) tags.push(tr("bot"));
    if (s.uno_declared === i) tags.push("UNO");
    if (tags.length) {
      const t = document.createElement("span");
      t.className = "tag";
      t.dataset.seat = i;
      t.textContent = tags.join(" · ");
      el.append(t);
    }
    players.append(el);
  });
}

function renderTurn() {
  const s = state;
  let turn;
  if (!s.started) turn = tr("not_started");
  else if (s.phase === "round_over") turn = tr("round_over", { name: nameOf(s.winner) });
  else if (s.phase === "match_over") turn = tr("match_over", { name: nameOf(s.winner) });
  else if (s.to_act === s.seat) turn = tr("your_turn");
  else if (s.away.includes(s.to_act) && !s.bots.includes(s.to_act)) {
    const left = secondsLeft(s.to_act);
    turn = left === null ? tr("turn_away_wait", { name: nameOf(s.to_act) })
      : tr("turn_away", { name: nameOf(s.to_act), n: left });
  } else turn = tr("turn_of", { name: nameOf(s.to_act) });
  $("turn").textContent = turn;
}
// The countdowns to a bot tick on the page between states.
setInterval(() => {
  if (state && state.started && Object.keys(state.bot_in || {}).length) { renderPlayers(); renderTurn(); }
}, 500);

function acceptLabel() {  // Accept says what it costs: "Draw 4" under a stack (H1), "Accept skip" (H2)
  const s = state;
  if (s.phase === "skip_relay") return tr("accept_skip");
  return s.pending ? tr("accept_n", { n: s.pending }) : tr("accept");
}

// ---- the story: cues, stakes, the challenge's verdict, scores, the log ------------
function renderCues() {
  const s = state;
  const cue = $("cue");
  let text = "";
  let kind = "";
  if (s.stakes) {
    text = tr("stakes", { name: nameOf(s.stakes.offender), g: s.stakes.guilty, i: s.stakes.innocent,
      a: s.stakes.accept });
    kind = "stakes";
  } else if (legalOf("jump_in").length) {
    text = tr("jump_in");
    kind = "jump";
  } else if (s.paused && s.phase !== "round_over" && s.phase !== "match_over") {
    text = tr("paused");
    kind = "paused";
  }
  cue.textContent = text;
  cue.dataset.kind = kind;
  cue.hidden = !text;
}
let jumpCueAt = -1;
function storyCues(msg, first) {
  if (legalOf("jump_in").length && jumpCueAt !== msg.at) {  // H3: a jump-in chance is short
    jumpCueAt = msg.at;
    if (navigator.vibrate) navigator.vibrate(60);
  }
  if (msg.bot_played) toast(tr("bot_played", { n: msg.bot_played }), 4000);
  for (const e of msg.events) {
    if (e.kind === "challenge" && e.seat === msg.seat && !first) showVerdict(e);
  }
}
// T5: the challenger sees the verdict and the hand that was shown to it (only its frame has it).
let verdict = null;  // that challenge event, while its sheet is open
function showVerdict(e) {
  verdict = e;
  renderVerdict();
  $("verdict").hidden = false;
}
function renderVerdict() {
  if (!verdict) return;
  const box = $("verdict");
  $("verdict-title").textContent = verdict.value ? tr("guilty") : tr("not_guilty");
  box.dataset.guilty = verdict.value ? "1" : "0";
  $("verdict-who").textContent = tr("holds", { name: nameOf(verdict.target) });
  const cards = $("verdict-cards");
  cards.textContent = "";
  for (const c of verdict.cards || []) cards.append(cardEl(c));
}
function renderDeal(buttons) {  // Start / Next round from the phone, when the host allows it
  const s = state;
  const wait = $("wait");
  let text = "";
  if (!s.started) text = s.may_deal ? "" : tr("wait_start_host");
  else if (s.phase === "round_over") text = s.may_deal ? tr("wait_next_you") : tr("wait_next", { n: s.round + 1 });
  wait.textContent = text;
  if (!s.may_deal) return;
  const b = document.createElement("button");
  b.type = "button";
  b.className = "accent";
  b.dataset.kind = "deal";
  b.textContent = s.started ? tr("next_round") : tr("start");
  b.onclick = () => send({ type: "deal", at: s.at });
  buttons.append(b);
}
function renderScores() {
  const s = state;
  const box = $("scores");
  const over = s.phase === "round_over" || s.phase === "match_over";
  box.open = over || box.dataset.opened === "1";
  $("scores-title").textContent = tr("scores") + " · " +
    (s.scoring === "penalty_points" ? tr("lowest") + " · " : "") + tr("target", { n: s.target });
  const rows = $("standings");
  rows.textContent = "";
  s.standings.forEach((seat, rank) => {
    const row = document.createElement("li");
    row.className = seat === s.seat ? "me" : "";
    const who = document.createElement("span");
    who.textContent = (rank + 1) + ". " + (seat === s.seat ? s.names[seat] + " (" + tr("you") + ")" : s.names[seat]);
    const pts = document.createElement("span");
    pts.className = "pts";
    pts.textContent = String(s.scores[seat]);
    row.append(who, pts);
    rows.append(row);
  });
}
function renderName() {  // a seat without a name of its own takes one typed here
  const s = state;
  const form = $("name-form");
  const open = s.can_name && (!s.started || naming);
  form.hidden = !open;
  $("rename").hidden = !(s.can_name && s.started && !naming);
  if (open && document.activeElement !== $("name-input") && !$("name-input").value) {
    $("name-input").value = s.names[s.seat];
  }
}
function renderLog() {
  const out = $("log");
  out.textContent = "";
  for (const line of log.slice().reverse()) {
    const div = document.createElement("div");
    div.textContent = said(line);
    out.append(div);
  }
}

// The legal plays of exactly the picked cards: the last picked on top when the
// rules allow it (H4: the card that leads must be playable), else any order.
function selectedPlays(several) {
  if (selected.length < 2) return [];
  const same = several.filter((a) => a.cards.length === selected.length &&
    selected.every((id) => a.cards.includes(id)));
  const top = selected[selected.length - 1];
  const onTop = same.filter((a) => a.cards[a.cards.length - 1] === top);
  if (onTop.length) return onTop;
  const first = same.length ? same[0].cards : null;  // one order, every colour of it
  return same.filter((a) => first && a.cards.every((id, i) => id === first[i]));
}

function openPicker(actions) {
  pickFor = actions;
  $("picker").hidden = false;
}

function applyLang() {
  document.documentElement.lang = lang === "zh" ? "zh-CN" : "en";
  $("lang").textContent = lang === "zh" ? "English" : "中文";
  for (const el of document.querySelectorAll("[data-key]")) el.textContent = tr(el.dataset.key);
  for (const b of document.querySelectorAll(".swatch")) {
    b.textContent = "";
    b.append(symEl(b.dataset.colour), document.createTextNode(tr(b.dataset.colour)));
  }
  if (state) render();
  renderVerdict();
}

document.addEventListener("DOMContentLoaded", () => {
  $("lang").onclick = () => {
    lang = lang === "zh" ? "en" : "zh";
    localStorage.setItem("uno-lang", lang);
    applyLang();
  };
  for (const b of document.querySelectorAll(".swatch")) {
    b.onclick = () => {
      const chosen = (pickFor || []).find((a) => a.colour === b.dataset.colour);
      $("picker").hidden = true;
      if (chosen) act(chosen);
      pickFor = null;
    };
  }
  $("pick-cancel").onclick = () => { $("picker").hidden = true; pickFor = null; };
  $("verdict-ok").onclick = () => { $("verdict").hidden = true; verdict = null; };
  $("scores-title").onclick = () => { $("scores").dataset.opened = $("scores").open ? "" : "1"; };
  $("rename").onclick = () => { naming = true; $("name-input").value = ""; render(); $("name-input").focus(); };
  $("name-form").onsubmit = (ev) => {
    ev.preventDefault();
    const name = $("name-input").value.trim();
    if (name && state) send({ type: "name", at: state.at, name: name });
    naming = false;
    $("name-input").blur();
  };
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible" && !ws && !final) connect();
  });
  window.addEventListener("hashchange", onHashChange);
  setInterval(heartbeat, PING_MS);
  applyLang();
  connect();
});

// ---- Paused state: the host quit to the menu or closed the game (bye "paused").
// The page stays, says so, and keeps trying with a growing pause (1, 1, 2, 2, 3 s,
// then every 3 s) until the host's Continue opens the party again: the seat's
// state then arrives on its own, no reload.
const PAUSED_DELAYS_S = [1, 1, 2, 2, 3];
let hostPaused = false;
let pausedTries = 0;
let pausedTimer = 0;
let pausedTick = 0;
let pausedLeft = 0;  // seconds to the next try (0: trying now)
Object.assign(WORDS.en, {
  host_paused: "The host paused the party", paused_title: "The host paused the party",
  paused_text: "Keep this page open: you are back in the match as soon as the host continues it.",
  paused_retry: "Trying again in {n} s…", paused_trying: "Trying to reconnect…", try_now: "Try now",
});
Object.assign(WORDS.zh, {
  host_paused: "主机暂停了聚会", paused_title: "主机暂停了聚会",
  paused_text: "请保持此页面打开：主机一继续比赛，你就会自动回到牌桌。",
  paused_retry: "{n} 秒后重试…", paused_trying: "正在重新连接…", try_now: "立即重试",
});

function pausedMessage(msg) {
  if (msg.type === "bye" && msg.reason === "paused") {
    hostPaused = true;
    pausedTries = 0;
    showPaused();
    return true;
  }
  // back (a state), or told something final (another match on this port: bad_token)
  if (hostPaused && (msg.type === "state" || msg.type === "bye" || msg.code === "bad_token")) endPaused();
  return false;
}
function showPaused() {
  status("host_paused", true);
  $("paused").hidden = false;
  document.body.classList.add("paused");
}
function endPaused() {
  hostPaused = false;
  clearTimeout(pausedTimer);
  clearInterval(pausedTick);
  $("paused").hidden = true;
  document.body.classList.remove("paused");
}
function retryPaused() {
  showPaused();
  const wait = PAUSED_DELAYS_S[Math.min(pausedTries, PAUSED_DELAYS_S.length - 1)];
  pausedTries += 1;
  pausedLeft = wait;
  pausedLine();
  clearInterval(pausedTick);
  pausedTick = setInterval(() => {
    pausedLeft -= 1;
    if (pausedLeft > 0) pausedLine();
  }, 1000);
  clearTimeout(pausedTimer);
  pausedTimer = setTimeout(pausedTryNow, wait * 1000);
}
function pausedLine() {
  $("paused-retry").textContent = pausedLeft > 0 ? tr("paused_retry", { n: pausedLeft }) : tr("paused_trying");
}
function pausedTryNow() {
  clearTimeout(pausedTimer);
  clearInterval(pausedTick);
  pausedLeft = 0;
  pausedLine();
  if (!ws) connect();
}

// ---- Seat picker: the page opened without a seat's token (the address typed by
// hand) asks for the room code, then offers the phone seats free now; the seat
// taken, its token goes into the address so a reload comes back to it.
Object.assign(WORDS.en, {
  join_title: "Join the party", code_label: "Room code (shown on the big screen)", join: "Join",
  pick_seat: "Choose your seat", no_free_seat: "No phone seat is free now. Ask the host.",
  err_bad_code: "That is not the code of this party.", err_code_rate_limited: "Too many tries — wait a little.",
  err_seat_taken: "Someone just took that seat.",
});
Object.assign(WORDS.zh, {
  join_title: "加入聚会", code_label: "房间码（在大屏幕上）", join: "加入",
  pick_seat: "选择你的座位", no_free_seat: "现在没有空的手机座位。请问主机。",
  err_bad_code: "这不是本局聚会的房间码。", err_code_rate_limited: "尝试次数太多，请稍等。",
  err_seat_taken: "这个座位刚被别人占了。",
});
let roomCode = "";

function showCodeForm() {
  document.body.classList.add("joining");
  $("join").hidden = false;
  status("join_title");
}
function pickerMessage(msg) {
  if (token && msg.type !== "token") return false;
  if (msg.type === "seats") { renderSeats(msg.seats); return true; }
  if (msg.type === "token") {
    token = msg.token;
    history.replaceState(null, "", "#" + encodeURIComponent(token));
    document.body.classList.remove("joining");
    $("join").hidden = true;
    if (ws) ws.onclose = socketClosed;  // this socket now holds the seat
    status("connecting");
    return true;
  }
  if (msg.type === "error") {
    const key = "err_" + msg.code;
    if (WORDS.en[key]) { $("join-error").dataset.key = key; $("join-error").textContent = tr(key); }
    return true;  // (no_hello: the picker's socket closes; the next tap opens another)
  }
  return !token;
}
function codeSend(obj) {
  if (ws && ws.readyState === WebSocket.OPEN) { send(obj); return; }
  const proto = location.protocol === "https:" ? "wss://" : "ws://";
  ws = new WebSocket(proto + location.host + "/ws");
  ws.onopen = () => { heard = performance.now(); send(obj); };
  ws.onmessage = (ev) => {
    heard = performance.now();  // (the heartbeat watches this socket too once it holds a seat)
    let msg;
    try { msg = JSON.parse(ev.data); } catch (e) { return; }
    onMessage(msg);
  };
  ws.onclose = () => { ws = null; if (token) socketClosed(); };
}
function renderSeats(seats) {
  const list = $("seat-list");
  list.textContent = "";
  delete $("join-error").dataset.key;
  $("join-error").textContent = "";
  const head = document.createElement("p");
  head.dataset.key = seats.length ? "pick_seat" : "no_free_seat";  // (applyLang re-words it)
  head.textContent = tr(head.dataset.key);
  list.append(head);
  for (const s of seats) {
    const b = document.createElement("button");
    b.type = "button";
    b.className = "seat accent";
    b.dataset.seat = String(s.seat);
    b.textContent = s.name;
    b.onclick = () => codeSend({ type: "claim", code: roomCode, seat: s.seat });
    list.append(b);
  }
}
document.addEventListener("DOMContentLoaded", () => {
  $("code-form").onsubmit = (ev) => {
    ev.preventDefault();
    roomCode = $("code").value.trim();
    delete $("join-error").dataset.key;
    $("join-error").textContent = "";
    if (roomCode) codeSend({ type: "code", code: roomCode });
  };
  $("paused-now").onclick = pausedTryNow;
  $("lang").addEventListener("click", () => { if (hostPaused) pausedLine(); });
});
