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
    e_play: "{seat} played {card}", e_draw: "{seat} drew {n}", e_uno: "{seat}: UNO!",
    e_caught: "{seat} caught {target}", e_challenge: "{seat} challenged {target}",
    e_skip: "{seat} is skipped", e_direction: "Direction reversed", e_pass: "{seat} kept the card",
    e_colour: "{seat} named {colour}", e_out: "{seat} is out", e_swap: "{seat} swapped with {target}",
    err_stale: "The table moved on — try again.", err_illegal: "You can't do that now.",
    err_rate_limited: "Slow down!", err_not_started: "The match has not started yet.",
    err_paused: "The table is paused — wait for the host.",
    err_other: "Refused: {code}",
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
    e_play: "{seat} 出了 {card}", e_draw: "{seat} 摸了 {n} 张", e_uno: "{seat}：UNO！",
    e_caught: "{seat} 抓到了 {target}", e_challenge: "{seat} 质疑 {target}",
    e_skip: "{seat} 被跳过", e_direction: "方向反转", e_pass: "{seat} 留下了这张牌",
    e_colour: "{seat} 选了{colour}色", e_out: "{seat} 出完了", e_swap: "{seat} 与 {target} 换牌",
    err_stale: "牌桌已变化，请再试一次。", err_illegal: "现在不能这样做。",
    err_rate_limited: "慢一点！", err_not_started: "比赛还没开始。", err_paused: "牌桌已暂停，请等待主机。",
    err_other: "被拒绝：{code}",
  },
};
const SYMBOLS = { skip: "⊘", reverse: "⇄", draw_two: "+2", wild: "W", wild_draw_four: "+4" };

let lang = localStorage.getItem("uno-lang") ||
  ((navigator.language || "").toLowerCase().startsWith("zh") ? "zh" : "en");
const token = decodeURIComponent(location.hash.slice(1));
let ws = null;
let state = null;
let log = [];
let retry = 0;
let final = "";  // set when the game said bye for good: no reconnecting
let wasMyTurn = false;
let pickFor = null;
let selecting = false;  // H4: taps pick several cards of one face instead of playing one
let selected = [];  // the picked card ids, in tap order (the last lands on top)
let selectedAt = -1;  // the state the picks belong to

const $ = (id) => document.getElementById(id);
function tr(key, args) {
  let s = (WORDS[lang] && WORDS[lang][key]) || WORDS.en[key] || key;
  for (const k in args || {}) s = s.split("{" + k + "}").join(String(args[k]));
  return s;
}
function nameOf(seat) {
  if (!state || seat < 0) return "?";
  return seat === state.seat ? tr("you") : state.names[seat];
}
function cardLabel(c) { return c.k === "number" ? String(c.n) : SYMBOLS[c.k]; }
function cardText(c) {
  return (c.c ? tr(c.c) + " " : "") + cardLabel(c);
}
function cardEl(c, tag) {
  const el = document.createElement(tag || "div");
  el.className = "card " + (c ? (c.c || "wild") : "none");
  el.textContent = c ? cardLabel(c) : "";
  if (c) el.dataset.id = c.id;
  return el;
}

function status(key, bad) {
  const el = $("status");
  el.textContent = tr(key);
  el.dataset.key = key;
  el.className = "status" + (bad ? " bad" : "");
}
let toastTimer = 0;
function toast(text) {
  const el = $("toast");
  el.textContent = text;
  el.hidden = false;
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => { el.hidden = true; }, 2500);
}

function connect() {
  if (final || !token) { if (!token) status("badlink", true); return; }
  status("connecting");
  const proto = location.protocol === "https:" ? "wss://" : "ws://";
  ws = new WebSocket(proto + location.host + "/ws");
  ws.onopen = () => { retry = 0; send({ type: "hello", token: token }); };
  ws.onmessage = (ev) => {
    let msg;
    try { msg = JSON.parse(ev.data); } catch (e) { return; }
    onMessage(msg);
  };
  ws.onclose = () => {
    ws = null;
    if (final) { status(final, true); return; }
    status("lost", true);
    retry = Math.min(retry + 1, 5);
    setTimeout(connect, 500 * retry);
  };
}
function send(obj) {
  if (ws && ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify(Object.assign({ v: VERSION }, obj)));
}
function act(action) {
  if (!state) return;
  send({ type: "act", at: state.at, action: action });
}

function onMessage(msg) {
  if (msg.type === "state") {
    status("connected");
    state = msg;
    for (const e of msg.events) log.push(e);
    log = log.slice(-8);
    render();
  } else if (msg.type === "error") {
    if (msg.code === "bad_token") { final = "badlink"; status("badlink", true); return; }
    const key = "err_" + msg.code;
    toast(WORDS.en[key] ? tr(key) : tr("err_other", { code: msg.code }));
  } else if (msg.type === "bye") {
    final = msg.reason === "replaced" ? "replaced" : msg.reason === "flood" ? "flood" : "closed";
    status(final, true);
  }
}

function legalOf(kind) { return state.legal.filter((a) => a.kind === kind); }

function render() {
  const s = state;
  const mine = s.started && s.to_act === s.seat;
  document.body.classList.toggle("myturn", mine);
  if (mine && !wasMyTurn) {
    if (navigator.vibrate) navigator.vibrate([120, 60, 120]);
    document.body.classList.add("flash");
    setTimeout(() => document.body.classList.remove("flash"), 500);
  }
  wasMyTurn = mine;

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
    if (s.away.includes(i)) tags.push(tr("away"));
    if (s.bots.includes(i)) tags.push(tr("bot"));
    if (s.uno_declared === i) tags.push("UNO");
    if (tags.length) {
      const t = document.createElement("span");
      t.className = "tag";
      t.textContent = tags.join(" · ");
      el.append(t);
    }
    players.append(el);
  });

  const top = $("top");
  top.replaceWith(Object.assign(cardEl(s.top), { id: "top" }));
  $("top").classList.add("big");
  let turn;
  if (!s.started) turn = tr("not_started");
  else if (s.phase === "round_over") turn = tr("round_over", { name: nameOf(s.winner) });
  else if (s.phase === "match_over") turn = tr("match_over", { name: nameOf(s.winner) });
  else turn = mine ? tr("your_turn") : tr("turn_of", { name: nameOf(s.to_act) });
  $("turn").textContent = turn;
  const colour = $("colour");
  colour.textContent = "";
  if (s.colour) {
    const chip = document.createElement("span");
    chip.className = "chip " + s.colour;
    colour.append(chip, document.createTextNode(tr("colour") + ": " + tr(s.colour)));
  }
  $("pile").textContent = tr("pile", { n: s.draw_pile }) + (s.pending ? " · " + tr("pending", { n: s.pending }) : "")
    + " · " + tr("round", { n: s.round }) + " " + (s.direction > 0 ? "↻" : "↺");

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
  for (const a of legalOf("call_uno")) button(tr("uno"), a, "accent");
  for (const a of legalOf("draw")) button(tr("draw"), a);
  for (const a of legalOf("pass")) button(s.phase === "keep_or_play" ? tr("keep") : tr("pass"), a);
  for (const a of legalOf("challenge")) button(tr("challenge"), a, "warn");
  for (const a of legalOf("accept")) button(tr("accept"), a);
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
  if (selecting && chosen.length) {
    const b = document.createElement("button");
    b.type = "button";
    b.textContent = tr("play_n", { n: selected.length });
    b.className = "accent";
    b.dataset.kind = "play_sel";
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
      if (!plays.length) return;
      if (plays.length > 1 || plays[0].colour) openPicker(plays);
      else act(plays[0]);
    };
    hand.append(el);
  }
  renderLog();
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
function renderLog() {
  const out = $("log");
  out.textContent = "";
  for (const e of log.slice().reverse()) {
    const line = eventText(e);
    if (!line) continue;
    const div = document.createElement("div");
    div.textContent = line;
    out.append(div);
  }
}
function eventText(e) {
  const a = { seat: nameOf(e.seat ?? -1), target: nameOf(e.target ?? -1) };
  switch (e.kind) {
    case "play": return tr("e_play", Object.assign(a, { card: cardText(e.cards[e.cards.length - 1]) }));
    case "draw": return tr("e_draw", Object.assign(a, { n: e.hidden || (e.cards || []).length }));
    case "uno": return tr("e_uno", a);
    case "caught": return tr("e_caught", a);
    case "challenge": return tr("e_challenge", a);
    case "skip": return tr("e_skip", a);
    case "direction": return tr("e_direction", a);
    case "pass": return tr("e_pass", a);
    case "colour": return tr("e_colour", Object.assign(a, { colour: tr(e.colour) }));
    case "out": return tr("e_out", a);
    case "swap": return tr("e_swap", a);
    default: return "";
  }
}

function applyLang() {
  document.documentElement.lang = lang === "zh" ? "zh-CN" : "en";
  $("lang").textContent = lang === "zh" ? "English" : "中文";
  for (const el of document.querySelectorAll("[data-key]")) el.textContent = tr(el.dataset.key);
  if (state) render();
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
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible" && !ws && !final) connect();
  });
  applyLang();
  connect();
});
