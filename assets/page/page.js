// The room's screen: reads the floor's event stream (/events), shows the
// board it sends, and counts the clock down by itself from the instant the
// stage ends (the floor's time, corrected by the floor's own clock in each
// event). Nothing here can change the tournament: it only reads.
"use strict";

(function () {
  const KEEP_ALIVE_MS = 1000;
  // Silent this long (no board, no keep-alive): the network is gone.
  const SILENT_MS = 2.5 * KEEP_ALIVE_MS;
  const WARN_MS = 60000;

  const $ = (id) => document.getElementById(id);
  let room = null; // { board, floor }
  let samples = []; // floor time minus our time, at each event
  let lastHeard = 0;
  let lost = false;
  let source = null;
  let audio = null;
  let lastRemaining = null;
  // The stage last shown (its place in the structure), whether it was a
  // level running, and the stages whose last minute and end have chimed.
  let lastStage = null;
  let lastLevelRan = false;
  let warned = null;
  let endChimed = null;

  // The floor's time: our clock plus the largest recent offset (an
  // event's delay only ever makes its sample smaller).
  function offset() {
    return samples.length ? Math.max.apply(null, samples) : 0;
  }
  function heard(nowMs) {
    samples.push(nowMs - Date.now());
    if (samples.length > 8) samples.shift();
    lastHeard = Date.now();
    setLost(false);
  }

  function setLost(on) {
    lost = on;
    $("connection").hidden = !on;
    document.body.classList.toggle("lost", on);
  }

  function connect() {
    if (source) source.close();
    source = new EventSource("/events");
    source.addEventListener("board", (e) => {
      const msg = JSON.parse(e.data);
      heard(msg.now_ms);
      room = msg.room;
      render();
    });
    source.addEventListener("alive", (e) => {
      heard(JSON.parse(e.data).now_ms);
    });
    source.onerror = () => {
      setLost(true);
      // The browser comes back by itself unless the stream was refused.
      if (source.readyState === EventSource.CLOSED) {
        setTimeout(connect, 1000);
      }
    };
  }

  function text(id, value) {
    const el = $(id);
    const v = value == null ? "" : String(value);
    if (el.textContent !== v) el.textContent = v;
  }
  function show(id, on) {
    $(id).hidden = !on;
  }
  function list(id, items, none) {
    const el = $(id);
    el.replaceChildren();
    if (!items.length) {
      const li = document.createElement("li");
      li.className = "none";
      li.textContent = none;
      el.appendChild(li);
      return;
    }
    for (const t of items) {
      const li = document.createElement("li");
      li.textContent = t;
      el.appendChild(li);
    }
  }

  function stageText(s) {
    if (!s) return "";
    if (s.kind === "break") {
      return "Break, " + s.minutes + " min" + (s.reason ? " (" + s.reason + ")" : "");
    }
    return s.title + ": " + s.blinds + (s.ante ? " " + s.ante : "") + ", " + s.minutes + " min";
  }

  function render() {
    if (!room || !room.board) return;
    const b = room.board;
    text("tournament", b.tournament);
    document.title = b.tournament + ": the room";
    const s = b.stage;
    const onBreak = !!s && s.kind === "break";
    document.body.classList.toggle("on-break", onBreak);
    text("level", s ? (onBreak ? "BREAK" : s.title) : "No structure");
    // On a break, the blinds that come after it (the ones before it are
    // over); a break last in the structure says the ones it ends.
    const after = onBreak && b.next && b.next.kind !== "break" ? b.next : null;
    text(
      "blinds",
      s ? (after ? "After the break " + after.blinds : onBreak ? "Blinds " + s.blinds : s.blinds) : ""
    );
    text("ante", s && s.ante ? s.ante : "");
    text("break-reason", onBreak && s.reason ? s.reason : "");
    show("break-reason", onBreak && !!s.reason);
    text("next", b.next ? "Next: " + stageText(b.next) : "");
    const states = { paused: "PAUSED", "not-started": "NOT STARTED", finished: "STRUCTURE OVER" };
    const state = states[b.clock.state] || "";
    text("state", state);
    show("state", !!state);
    document.body.classList.toggle("paused", b.clock.state === "paused");

    const st = b.standing;
    if (st.winner) {
      text("players", st.winner[0] + " wins (" + st.field + " players)");
    } else {
      let p = st.left + " left of " + st.field;
      if (st.left > st.seated) p += " (" + (st.left - st.seated) + " to be seated)";
      text("players", p);
    }
    text("average", st.average == null ? "-" : fmt(st.average));
    text("largest", st.largest ? fmt(st.largest[2]) + " " + st.largest[0] + " (" + st.largest[1] + ")" : "-");

    show("money", !!b.money);
    if (b.money) {
      text("pool", b.money.pool + " (" + b.money.entries + (b.money.entries === 1 ? " entry)" : " entries)"));
      text("registration", b.registration || "");
      text("moneyline", b.money.money_line || b.money.payouts_problem || "");
      list("payouts", b.money.payouts.map((p) => p[0] + " " + p[1]), "no payouts yet");
    }
    text("hand-for-hand", b.hand_for_hand || "");
    show("hand-for-hand", !!b.hand_for_hand);
    list("moves", b.moves.map((m) => m.player + ": " + m.from + " \u2192 " + m.to), "none");
    list(
      "busts",
      b.busts.map((x) => x.place + " " + x.player + " (" + x.table + ")" + (x.won ? ", wins " + x.won : "")),
      "nobody yet"
    );
    text("message", b.message || "");
    show("message", !!b.message);
    const fs = room.floor;
    text("floor-status", fs ? fs + ": the page shows the room as last read" : "");
    show("floor-status", !!fs);
    const stage = s ? s.index : null;
    if (lastStage !== null && stage !== lastStage) {
      // A break chimes three notes; a new level two, for the end of the
      // one before, unless its clock's 0:00 chimed already (the new
      // board may come before a tick sees it). A pause or a minute more
      // is no new stage: it chimes nothing.
      if (onBreak) chime(3);
      else if (lastLevelRan && endChimed !== lastStage) chime(2);
    }
    lastStage = stage;
    lastLevelRan = !!s && s.kind === "level" && b.clock.state === "running";
    tick();
  }

  function fmt(n) {
    return Number(n).toLocaleString("en-US");
  }

  // The clock: minutes and seconds left, the second rounded up (0:00 has
  // run out).
  function remainingMs() {
    if (!room || !room.board) return null;
    const c = room.board.clock;
    if (c.state === "running" && c.ends_ms != null) {
      return Math.max(0, c.ends_ms - (Date.now() + offset()));
    }
    return c.remaining_ms;
  }
  function tick() {
    if (!lost && lastHeard && Date.now() - lastHeard > SILENT_MS) setLost(true);
    const ms = remainingMs();
    if (ms == null) return;
    const secs = Math.ceil(ms / 1000);
    text("clock", Math.floor(secs / 60) + ":" + String(secs % 60).padStart(2, "0"));
    $("clock").dataset.ms = String(Math.round(ms));
    const running = room.board.clock.state === "running";
    if (running && lastRemaining != null) {
      const level = room.board.stage && room.board.stage.kind === "level";
      const stage = room.board.stage ? room.board.stage.index : null;
      // The level's last minute, once, however the clock came to it (a
      // minute taken off, a display opened late).
      if (level && ms > 0 && ms <= WARN_MS && warned !== stage) {
        chime(1);
        warned = stage;
      }
      if (level && lastRemaining > 0 && ms === 0) {
        chime(2);
        endChimed = stage;
      }
    }
    lastRemaining = running ? ms : null;
  }

  // Sound, once a click allows it (browsers refuse it before).
  // The chimes played, each its number of notes (read by the page's test:
  // headless Chromium plays into no speaker).
  const chimes = [];
  window.roomChimes = chimes;
  function chime(n) {
    if (!audio || audio.state !== "running") return;
    chimes.push(n);
    for (let i = 0; i < n; i++) {
      const t = audio.currentTime + i * 0.45;
      const osc = audio.createOscillator();
      const gain = audio.createGain();
      osc.frequency.value = 880;
      gain.gain.setValueAtTime(0.0001, t);
      gain.gain.exponentialRampToValueAtTime(0.6, t + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, t + 0.35);
      osc.connect(gain).connect(audio.destination);
      osc.start(t);
      osc.stop(t + 0.4);
    }
  }
  function enableSound() {
    const Ctx = window.AudioContext || window.webkitAudioContext;
    if (!Ctx) {
      text("sound", "No sound in this browser");
      return;
    }
    if (!audio) audio = new Ctx();
    audio.resume().then(() => {
      text("sound", "Sound on: a chime a minute before the level ends and at a break");
      $("sound").setAttribute("aria-pressed", "true");
      chime(1);
    });
  }
  $("sound").addEventListener("click", enableSound);

  // What the clock reads now (ms), for a test that compares displays.
  window.roomClock = remainingMs;

  setInterval(tick, 100);
  connect();
})();
