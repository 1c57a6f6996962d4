// The deck commitment's check on a phone (game/party/deal_commit.py, docs/ONLINE.md):
// the host commits to each round's shuffled deck before its cards reach the phone and
// reveals it when the round is over. Its own SHA-256: a page served over plain http on
// the local network has no crypto.subtle.
"use strict";

const DEAL_TAG = "uno-deal-v1";

function sha256Hex(data) {  // data: an array of byte values
  const rotr = (x, n) => (x >>> n) | (x << (32 - n));
  const primes = [];
  for (let c = 2; primes.length < 64; c++) {
    if (primes.every((p) => c % p !== 0)) primes.push(c);
  }
  const frac = (x) => ((x - Math.floor(x)) * 0x100000000) | 0;
  const K = primes.map((p) => frac(Math.pow(p, 1 / 3)));
  let H = primes.slice(0, 8).map((p) => frac(Math.sqrt(p)));
  const bytes = data.slice();
  const bits = bytes.length * 8;
  bytes.push(0x80);
  while (bytes.length % 64 !== 56) bytes.push(0);
  for (const w of [Math.floor(bits / 0x100000000), bits >>> 0]) {
    bytes.push((w >>> 24) & 255, (w >>> 16) & 255, (w >>> 8) & 255, w & 255);
  }
  const W = new Array(64);
  for (let off = 0; off < bytes.length; off += 64) {
    for (let i = 0; i < 16; i++) {
      const j = off + 4 * i;
      W[i] = (bytes[j] << 24) | (bytes[j + 1] << 16) | (bytes[j + 2] << 8) | bytes[j + 3];
    }
    for (let i = 16; i < 64; i++) {
      const s0 = rotr(W[i - 15], 7) ^ rotr(W[i - 15], 18) ^ (W[i - 15] >>> 3);
      const s1 = rotr(W[i - 2], 17) ^ rotr(W[i - 2], 19) ^ (W[i - 2] >>> 10);
      W[i] = (W[i - 16] + s0 + W[i - 7] + s1) | 0;
    }
    let [a, b, c, d, e, f, g, h] = H;
    for (let i = 0; i < 64; i++) {
      const t1 = (h + (rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25)) + ((e & f) ^ (~e & g)) + K[i] + W[i]) | 0;
      const t2 = ((rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22)) + ((a & b) ^ (a & c) ^ (b & c))) | 0;
      h = g; g = f; f = e; e = (d + t1) | 0; d = c; c = b; b = a; a = (t1 + t2) | 0;
    }
    H = [a, b, c, d, e, f, g, h].map((x, i) => (x + H[i]) | 0);
  }
  return H.map((x) => (x >>> 0).toString(16).padStart(8, "0")).join("");
}

// "verified", "hash_only" (the round was not seen from its deal) or "tampered", as
// check_reveal in game/party/deal_commit.py. ``events``: the round's events as this
// seat got them (the party protocol's form: cards as {id, ...}).
function checkReveal(reveal, committed, seat, events) {
  const deck = reveal.deck;
  // D1/D3: every card of the 108-card deck, or of the official 112-card one, once
  if (!Array.isArray(deck) || (deck.length !== 108 && deck.length !== 112)) return "tampered";
  const seen = new Array(deck.length).fill(false);
  for (const c of deck) {
    if (!Number.isInteger(c) || c < 0 || c >= deck.length || seen[c]) return "tampered";
    seen[c] = true;
  }
  const salt = String(reveal.salt || "");
  if (!/^([0-9a-f]{2})+$/.test(salt) || !Number.isInteger(reveal.round)) return "tampered";
  const bytes = Array.from(DEAL_TAG, (ch) => ch.charCodeAt(0));
  bytes.push((reveal.round >>> 8) & 255, reveal.round & 255);
  for (let i = 0; i < salt.length; i += 2) bytes.push(parseInt(salt.slice(i, i + 2), 16));
  for (const c of deck) bytes.push(c);
  if (sha256Hex(bytes) !== committed) return "tampered";
  if (!events.length || events[0].kind !== "round_start") return "hash_only";
  let pos = deck.length;
  for (const e of events) {
    if (e.kind === "reshuffle" || e.kind === "start_card_return") return "verified";
    if (e.kind !== "deal" && e.kind !== "draw" && e.kind !== "start_card") continue;
    const cards = (e.cards || []).map((c) => c.id);
    const n = cards.length || e.hidden || (e.kind === "start_card" ? 1 : 0);
    if (pos < n) return "tampered";
    const mine = e.kind === "start_card" || e.seat === seat;
    if (mine) {
      for (let i = 0; i < cards.length; i++) {
        if (cards[i] !== deck[pos - 1 - i]) return "tampered";
      }
    }
    pos -= n;
  }
  return "verified";
}

// What one seat remembers between state messages: each round's first commitment, the
// round's events, and which rounds were checked. feed() returns [round, verdict] once
// a round's reveal was checked, else null.
function DealWatch() {
  this.commits = {};
  this.checked = {};
  this.events = [];
  this.round = -1;
}
DealWatch.prototype.feed = function (msg) {
  if (msg.round !== this.round) { this.round = msg.round; this.events = []; }
  for (const e of msg.events || []) {
    if (e.kind === "round_start") this.events = [];
    this.events.push(e);
  }
  const deal = msg.deal;
  if (!deal || !Number.isInteger(deal.round) || this.checked[deal.round]) return null;
  if (!(deal.round in this.commits)) this.commits[deal.round] = deal.commit;
  let verdict = null;
  if (this.commits[deal.round] !== deal.commit) verdict = "tampered";
  else if (deal.deck) verdict = checkReveal(deal, this.commits[deal.round], msg.seat, this.events);
  if (!verdict) return null;
  this.checked[deal.round] = verdict;
  return [deal.round, verdict];
};

if (typeof module !== "undefined") module.exports = { sha256Hex, checkReveal, DealWatch };
